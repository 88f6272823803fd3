// `npm run bench:smoke`: every benchmark once, short and without thresholds, so that none can rot
// unseen (issue 31): `npm test` runs it beside the browser tests. It checks that each benchmark
// still seeds, starts and measures against today's code, not how fast anything is.
//
// With TEST_DATABASE_URL (as in `npm test`) the PostgreSQL parts run on that server; without it
// the API benchmark measures PGlite only and the admin benchmark (PostgreSQL only) is skipped.
// The web and API benchmarks use the existing build (`npm run build` first).
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';

const pgUrl = process.env.TEST_DATABASE_URL;
const started = Date.now();
const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/**
 * The TypeScript benchmarks run in one Node process with tsx's loader, as `node --import tsx`:
 * `npx tsx` adds npm's start and a second Node process to each (about 0.6 CPU s; decision 069).
 */
const TSX = ['--import', 'tsx'];

/** [name, command, args, extra environment]; PostgreSQL-only runs are left out without a server. */
const runs = [
  // The enumeration timing through app.inject: four rounds instead of forty.
  ['bench:auth', 'node', [...TSX, 'bench/auth/run.ts'], { BENCH_ROUNDS: '4' }],
  ...(pgUrl
    ? [
        [
          'bench:admin',
          'node',
          [...TSX, 'bench/admin/run.ts'],
          // A few hundred rows instead of 100 000 profiles and 1 000 000 offers.
          { BENCH_DATABASE_URL: pgUrl, BENCH_PROFILES: '200', BENCH_OFFERS: '2000' },
        ],
        [
          'bench:board',
          'node',
          [...TSX, 'bench/board/run.ts'],
          // 500 substitutes and 10 requests instead of 10 000 and 100.
          {
            BENCH_DATABASE_URL: pgUrl,
            BENCH_SUBSTITUTES: '500',
            BENCH_REQUESTS: '10',
            BENCH_BACKLOG: '200',
            BENCH_PAGE_RUNS: '20',
          },
        ],
      ]
    : []),
  // This build only, no Lighthouse; fails when a page does not load or hydrate.
  ['bench:web', 'node', ['bench/web/run.mjs'], { BENCH_SMOKE: '1' }],
  // The built server, 30 requests per measurement, one round, one PostgreSQL database for both
  // rate-limit stores (BENCH_SMOKE in bench/api/run.ts, decision 060).
  [
    'bench:api',
    'node',
    [...TSX, 'bench/api/run.ts'],
    {
      BENCH_SMOKE: '1',
      ...(pgUrl ? { BENCH_DATABASE_URL: pgUrl } : { BENCH_ONLY: 'pglite' }),
    },
  ],
];

function run([name, cmd, args, env]) {
  const since = Date.now();
  console.log(`\n--- ${name} (smoke), load average ${load()} ---`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: 'inherit' });
    child.on('close', (code, signal) => {
      console.log(
        `--- ${name}: ${code === 0 ? 'ran' : `failed (exit ${code ?? signal})`} in ${seconds(since)} ---`,
      );
      resolve(code ?? 1);
    });
  });
}

const failed = [];
for (const entry of runs) if ((await run(entry)) !== 0) failed.push(entry[0]);
if (!pgUrl)
  console.log(
    '\nTEST_DATABASE_URL is not set: bench:admin and bench:board skipped, bench:api measured PGlite only.',
  );
console.log(
  `\nbenchmark smoke runs ${failed.length ? `failed: ${failed.join(', ')}` : 'ran'} in ${seconds(started)}`,
);
process.exit(failed.length ? 1 : 0);
