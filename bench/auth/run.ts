/**
 * Does an answer tell whether an address has an account? Times POST /api/login/forget and
 * POST /api/register for existing and for new addresses through the real app (buildApp +
 * inject, PGlite by default, PostgreSQL when TEST_DATABASE_URL is set), the two kinds taking turns,
 * and prints the median time of each and their ratio (existing / new). 1.00 means the timing
 * tells nothing. A baseline ratio measured in the same run, new addresses against new addresses
 * split the same way, shows how far apart two identical kinds come out on this machine.
 *
 *   npm run bench:auth
 *   BENCH_ROUNDS=60 tsx bench/auth/run.ts
 *
 * Not a test: no thresholds fail the run.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createTestApp, csrfHeaders, type TestApp } from '../../apps/api/test/helpers.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const PASSWORD = 'Haslo123!Bench';

let ipCounter = 0;
/** Every request from a new address, so the per-address limits never answer instead. */
const nextIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function timed(t: TestApp, csrf: Record<string, string>, url: string, payload: object) {
  const started = performance.now();
  const response = await t.app.inject({
    method: 'POST',
    url,
    remoteAddress: nextIp(),
    headers: csrf,
    payload,
  });
  const ms = performance.now() - started;
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  // Work the answer did not wait for is finished outside the timing, so it never slows the next one.
  await t.app.background.idle();
  return ms;
}

interface Row {
  name: string;
  existing: number[];
  fresh: number[];
  baselineA: number[];
  baselineB: number[];
}

async function main() {
  const t = await createTestApp();
  try {
    const csrf = await csrfHeaders(t.app);
    // Separate accounts for every round, so the once-a-minute limit on reset mails never skips work.
    const accounts = [];
    for (let i = 0; i < ROUNDS + 2; i += 1) accounts.push(await t.seed.user({ password: PASSWORD }));
    let fresh = 0;
    const newAddress = () => `bench-new-${Date.now().toString(36)}-${++fresh}@example.com`;

    const forgot = (email: string) => timed(t, csrf, '/api/login/forget', { email });
    const register = (email: string) =>
      timed(t, csrf, '/api/register', {
        email,
        password: PASSWORD,
        terms: true,
        'cf-turnstile-response': 'local',
      });

    const rows: Row[] = [];
    for (const [name, call] of [
      ['POST /api/login/forget', forgot],
      ['POST /api/register', register],
    ] as const) {
      const row: Row = { name, existing: [], fresh: [], baselineA: [], baselineB: [] };
      // Warm-up: the first calls compile code paths and fill caches.
      await call(accounts[ROUNDS]!.email);
      await call(newAddress());
      for (let i = 0; i < ROUNDS; i += 1) {
        // The order alternates so neither kind always runs right after the other.
        const pair =
          i % 2 === 0
            ? [() => call(accounts[i]!.email), () => call(newAddress())]
            : [() => call(newAddress()), () => call(accounts[i]!.email)];
        const first = await pair[0]!();
        const second = await pair[1]!();
        row.existing.push(i % 2 === 0 ? first : second);
        row.fresh.push(i % 2 === 0 ? second : first);
        (i % 2 === 0 ? row.baselineA : row.baselineB).push(await call(newAddress()));
      }
      rows.push(row);
    }

    console.log(
      `auth enumeration timing · ${ROUNDS} rounds · ${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'} · load ${loadavg()[0]!.toFixed(2)}`,
    );
    console.log('endpoint                  existing ms   new ms   existing/new   baseline new/new');
    for (const row of rows) {
      const existing = median(row.existing);
      const fresh = median(row.fresh);
      const baseline = median(row.baselineA) / median(row.baselineB);
      console.log(
        `${row.name.padEnd(26)}${existing.toFixed(2).padStart(11)}${fresh.toFixed(2).padStart(9)}${(existing / fresh).toFixed(2).padStart(15)}${baseline.toFixed(2).padStart(19)}`,
      );
    }
    console.log(
      'A ratio as close to 1.00 as the baseline means the answer time does not tell whether an account exists.',
    );
  } finally {
    await t.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
