/**
 * Benchmark of the substitution board's alerts and first page (issue 32) on PostgreSQL: 10 000
 * substitutes with alert settings (areas, cities, courts one by one, case types, minimum fees), a
 * backlog of older requests, then 100 requests posted one after another. Prints, each beside a
 * bare baseline measured in the same run (as a ratio):
 *   - posting → last alert queued: the alerts are queued inside the posting transaction
 *     (`requestPosted`), so this is the posting transaction with the alerts against the same
 *     transaction without them (median, p99);
 *   - the board's first page for a substitute: GET /api/board/requests over HTTP, as three
 *     verified substitutes (an advocate, a legal counsel, a trainee) with bearer tokens, from the
 *     product's own app (the production composition, NODE_ENV=production with the sandbox
 *     adapters) listening on a local port and reading this PostgreSQL database (decision 048).
 *     The baselines, measured in turns with it over the same connection: GET /api/health (HTTP and
 *     one `select 1`) and GET /api/user/alerts (the same sign-in, one row read). Target: p99 < 50 ms.
 * Not a timed test: `npm run bench:board`.
 *
 *   BENCH_DATABASE_URL  server to create the database on (default postgres://postgres@127.0.0.1:55432/postgres)
 *   BENCH_SUBSTITUTES   default 10000;  BENCH_REQUESTS default 100;  BENCH_KEEP=1 keeps the database
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { COURTS, areaCourtIds, courtCities, BOARD_CASE_TYPES } from '../../packages/shared/src/index.ts';
import { openDatabase, type Db } from '../../apps/api/src/db/client.ts';
import { alertSettings, boardAlerts, boardRequests } from '../../apps/api/src/db/schema.ts';
import { buildApp } from '../../apps/api/src/composition/build-app.ts';
import { queueRequestAlerts } from '../../apps/api/src/modules/alerts/alerts.outbox.ts';
import { loadConfig } from '../../apps/api/src/modules/app/config.ts';
import { issueAccessToken } from '../../apps/api/src/modules/auth/access-tokens.ts';

const SUBSTITUTES = Number(process.env.BENCH_SUBSTITUTES ?? 10_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const BACKLOG = Number(process.env.BENCH_BACKLOG ?? 5_000);
const PAGE_RUNS = Number(process.env.BENCH_PAGE_RUNS ?? 200);
const PAGE_TARGET_MS = 50;
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:55432/postgres';
const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../apps/api/drizzle');

// A small deterministic generator: the same seed data every run.
let state = 42;
const random = () => {
  state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
  return state / 2 ** 31;
};
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};
const ms = (v: number) => `${v.toFixed(2)} ms`;

async function seed(db: Db): Promise<string> {
  await db.execute(sql`set synchronous_commit = off`);
  await db.execute(sql`
    insert into users (email, name, email_verified_at, locale)
    select 'sub' || i || '@bench.example', '', now(), case when i % 5 = 0 then 'en' else 'pl' end
    from generate_series(1, ${SUBSTITUTES}) i`);
  await db.execute(sql`
    insert into profiles (user_id, firstname, lastname, permissions, license_no, seolink, status, licence_state, training_start)
    select u.id, 'Anna', 'Nowak', case when n % 10 = 0 then 'aplikant-adwokacki' when n % 2 = 0 then 'adwokat' else 'radca-prawny' end,
      'WA-' || n, 'sub-' || n, 'active', case when n % 20 = 0 then 'pending' else 'verified' end,
      case when n % 10 = 0 then '2025-0' || (1 + n % 9) end
    from (select id, row_number() over (order by email) as n from users where email like 'sub%@bench.example') u`);
  await db.execute(sql`
    insert into payment_accounts (account_id, user_id, provider, charges_enabled, payouts_enabled, details_submitted)
    select 'acct_bench_' || p.id, p.user_id, 'sandbox', true, true, true from profiles p`);
  const users = (
    await db.execute(sql`select id from users where email like 'sub%@bench.example' order by email`)
  ).rows as { id: string }[];
  const areas = areaCourtIds();
  const cities = courtCities();
  const courts = COURTS.map((c) => c.id);
  const rows = users.map(({ id }) => {
    const kind = random();
    return {
      userId: id,
      areaCourtIds: kind < 0.4 ? [pick(areas)] : [],
      cities: kind >= 0.4 && kind < 0.7 ? [pick(cities), pick(cities)] : [],
      courtIds: kind >= 0.7 ? [pick(courts), pick(courts), pick(courts)] : [],
      caseTypes: random() < 0.5 ? [] : [pick(BOARD_CASE_TYPES), pick(BOARD_CASE_TYPES)],
      minFeeNetGrosze: random() < 0.5 ? null : Math.floor(random() * 400) * 100,
      email: true,
      push: random() < 0.5,
      digest: random() < 0.2,
      quietFrom: random() < 0.5 ? '22:00' : null,
      quietTo: null as string | null,
    };
  });
  for (const row of rows) row.quietTo = row.quietFrom ? '07:00' : null;
  for (let i = 0; i < rows.length; i += 1000) await db.insert(alertSettings).values(rows.slice(i, i + 1000));
  const [poster] = (
    await db.execute(
      sql`insert into users (email, name, email_verified_at) values ('poster@bench.example', '', now()) returning id`,
    )
  ).rows as { id: string }[];
  // Older requests in every state, as a live board has them.
  await db.execute(sql`
    insert into board_requests (poster_user_id, state, court_id, starts_at, mode, case_type, task, professions,
      fee_net_grosze, answer_deadline, urgent, parties, created_at)
    select ${poster!.id}, (array['open','assigned','paid','expired','cancelled'])[1 + i % 5],
      (${sql.raw(`array[${courts.map((c) => `'${c}'`).join(',')}]`)})[1 + i % ${courts.length}],
      now() + (i % 400 - 200) * interval '1 hour', 'in_person', 'civil', 'Rozprawa.',
      array['adwokat','radca-prawny','aplikant-adwokacki'], 20000, now() + (i % 400 - 202) * interval '1 hour', false,
      '[]'::jsonb, now() - (i % 400) * interval '1 hour'
    from generate_series(1, ${BACKLOG}) i`);
  await db.execute(sql`vacuum analyze`);
  return poster!.id;
}

function requestRow(posterUserId: string, now: Date) {
  const urgent = random() < 0.5;
  const startsAt = new Date(now.getTime() + (urgent ? 20 : 100) * 60 * 60_000);
  return {
    posterUserId,
    courtId: random() < 0.3 ? 'sad-rejonowy-dla-warszawy-mokotowa-w-warszawie' : pick(COURTS).id,
    startsAt,
    mode: 'in_person' as const,
    caseType: pick(BOARD_CASE_TYPES),
    task: 'Stawiennictwo na rozprawie.',
    professions: ['adwokat', 'radca-prawny', 'aplikant-adwokacki'] as (
      'adwokat' | 'radca-prawny' | 'aplikant-adwokacki'
    )[],
    feeNetGrosze: random() < 0.2 ? null : 10_000 + Math.floor(random() * 300) * 100,
    answerDeadline: new Date(startsAt.getTime() - 2 * 60 * 60_000),
    urgent,
    caseNumber: 'I C 1/26',
    parties: [{ name: 'Jan Nowak', role: 'powód' }],
  };
}

/** Three signed-in substitutes, one per profession the board lists for (verified, payouts on). */
async function substituteTokens(db: Db): Promise<{ profession: string; headers: Record<string, string> }[]> {
  const rows = (
    await db.execute(sql`
      select distinct on (p.permissions) p.user_id as "userId", p.permissions as profession
      from profiles p join users u on u.id = p.user_id
      where u.email like 'sub%@bench.example' and p.licence_state = 'verified'
        and p.permissions in ('adwokat', 'radca-prawny', 'aplikant-adwokacki')
      order by p.permissions, u.email`)
  ).rows as { userId: string; profession: string }[];
  return Promise.all(
    rows.map(async ({ userId, profession }) => ({
      profession,
      headers: { authorization: `Bearer ${await issueAccessToken(db, userId, new Date())}` },
    })),
  );
}

/** The product's app, as the server runs it, on a local port over this database. */
async function startProductApp(databaseUrl: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'substytut-bench-board-'));
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    // The sandbox adapters stand in for Stripe, GUS, Turnstile and SMTP here.
    ALLOW_SANDBOX_IN_PRODUCTION: 'true',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    WEB_BUILD_DIR: path.join(dataDir, 'no-web-build'),
    PUBLIC_URL: 'http://127.0.0.1',
  });
  const app = await buildApp(config);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One GET, timed to its last byte, with the CPU time this process spent on it (server and client
 * together, the database's not): steadier than the wall time on a loaded machine. Anything but a
 * 200 stops the benchmark.
 */
async function timedGet(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ ms: number; cpuMs: number; body: string }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const response = await fetch(url, { headers });
  const body = await response.text();
  const elapsed = performance.now() - started;
  const used = process.cpuUsage(cpu);
  if (response.status !== 200) throw new Error(`GET ${url}: ${response.status} ${body.slice(0, 300)}`);
  return { ms: elapsed, cpuMs: (used.user + used.system) / 1000, body };
}

async function main() {
  const name = `substytut_board_${randomBytes(4).toString('hex')}`;
  console.log(
    `board benchmark: ${SUBSTITUTES} substitutes with alert settings, ${REQUESTS} requests posted, ${BACKLOG} older requests`,
  );
  console.log(
    `load average at start: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(', ')}`,
  );
  await onServer(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), migrationsDir });
  try {
    const db = database.db;
    const seedStarted = performance.now();
    const poster = await seed(db);
    console.log(`seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

    // Posting: the bare transaction (insert the request) and the real one (insert + queue alerts).
    const bare: number[] = [];
    const withAlerts: number[] = [];
    let queued = 0;
    for (let i = 0; i < REQUESTS; i += 1) {
      const now = new Date();
      let started = performance.now();
      await db.transaction(async (tx) => {
        await tx.insert(boardRequests).values({ ...requestRow(poster, now), state: 'cancelled' });
      });
      bare.push(performance.now() - started);
      started = performance.now();
      await db.transaction(async (tx) => {
        const [row] = await tx.insert(boardRequests).values(requestRow(poster, now)).returning();
        queued += await queueRequestAlerts(tx, row!, now);
      });
      withAlerts.push(performance.now() - started);
    }
    const stored = await db.select({ n: sql<number>`count(*)::int` }).from(boardAlerts);
    console.log(
      `\nposting → last alert queued (${REQUESTS} requests, ${queued} alerts queued, ${stored[0]?.n} rows; ${(queued / REQUESTS).toFixed(0)} per request)`,
    );
    console.log(`  bare post:        median ${ms(quantile(bare, 0.5))}, p99 ${ms(quantile(bare, 0.99))}`);
    console.log(
      `  post with alerts: median ${ms(quantile(withAlerts, 0.5))}, p99 ${ms(quantile(withAlerts, 0.99))}`,
    );
    console.log(
      `  ratio: median ${(quantile(withAlerts, 0.5) / quantile(bare, 0.5)).toFixed(1)}×, p99 ${(quantile(withAlerts, 0.99) / quantile(bare, 0.99)).toFixed(1)}× (the issue's bound: 60 s)`,
    );

    // The first page through the route, in turns with the two baselines over the same connection.
    await db.execute(sql`analyze board_requests`);
    const substitutes = await substituteTokens(db);
    const app = await startProductApp(url.toString());
    console.log(
      `\nload average before the first page: ${loadavg()
        .map((n) => n.toFixed(2))
        .join(', ')}`,
    );
    try {
      const health: number[] = [];
      const alerts: number[] = [];
      const page: number[] = [];
      const cpu = { health: [] as number[], alerts: [] as number[], page: [] as number[] };
      const rows = new Map<string, number>();
      // A few warm-up rounds (connections, prepared plans, JIT), not counted.
      for (let i = -5; i < PAGE_RUNS; i += 1) {
        const substitute = substitutes[((i % 3) + 3) % 3]!;
        const h = await timedGet(`${app.base}/api/health`);
        const a = await timedGet(`${app.base}/api/user/alerts`, substitute.headers);
        const p = await timedGet(`${app.base}/api/board/requests`, substitute.headers);
        if (i < 0) continue;
        health.push(h.ms);
        alerts.push(a.ms);
        page.push(p.ms);
        cpu.health.push(h.cpuMs);
        cpu.alerts.push(a.cpuMs);
        cpu.page.push(p.cpuMs);
        rows.set(substitute.profession, (JSON.parse(p.body) as { data: { items: unknown[] } }).data.items.length);
      }
      const shown = [...rows].map(([profession, n]) => `${profession} ${n}`).join(', ');
      console.log(
        `\nthe board's first page: GET /api/board/requests over HTTP (${PAGE_RUNS} runs; requests shown: ${shown})`,
      );
      const line = (label: string, values: number[], cpuMs: number[]) =>
        console.log(
          `  ${label.padEnd(34)} median ${ms(quantile(values, 0.5))}, p99 ${ms(quantile(values, 0.99))}; CPU of this process median ${ms(quantile(cpuMs, 0.5))}`,
        );
      line('GET /api/health (baseline):', health, cpu.health);
      line('GET /api/user/alerts (baseline):', alerts, cpu.alerts);
      line('GET /api/board/requests:', page, cpu.page);
      console.log(
        `  ratio to /api/user/alerts: median ${(quantile(page, 0.5) / quantile(alerts, 0.5)).toFixed(1)}×, p99 ${(quantile(page, 0.99) / quantile(alerts, 0.99)).toFixed(1)}×; p99 ${quantile(page, 0.99) < PAGE_TARGET_MS ? 'within' : 'OVER'} the ${PAGE_TARGET_MS} ms target`,
      );
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    if (process.env.BENCH_KEEP !== '1') await onServer(`drop database if exists ${name} with (force)`);
    else console.log(`kept database ${name}`);
  }
}

await main();
