/**
 * Benchmark of the substitution board's alerts and first page (issue 32) on PostgreSQL: 10 000
 * substitutes with alert settings (areas, cities, courts one by one, case types, minimum fees), a
 * backlog of older requests, then 100 requests posted one after another. Prints, each beside a
 * bare baseline measured in the same run (as a ratio):
 *   - posting → last alert queued: the alerts are queued inside the posting transaction
 *     (`requestPosted`), so this is the posting transaction with the alerts against the same
 *     transaction without them (median, p99);
 *   - the board's first page for a substitute: the indexed query of open requests the substitute
 *     may take (the board module is built beside this one; this is the equivalent query on
 *     board_requests, with its plan), against `select 1` (median, p99; target p99 < 50 ms).
 * Not a timed test: `npm run bench:board`.
 *
 *   BENCH_DATABASE_URL  server to create the database on (default postgres://postgres@127.0.0.1:55432/postgres)
 *   BENCH_SUBSTITUTES   default 10000;  BENCH_REQUESTS default 100;  BENCH_KEEP=1 keeps the database
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import pg from 'pg';
import { COURTS, areaCourtIds, courtCities, BOARD_CASE_TYPES } from '../../packages/shared/src/index.ts';
import { openDatabase, type Db } from '../../apps/api/src/db/client.ts';
import { alertSettings, boardAlerts, boardRequests } from '../../apps/api/src/db/schema.ts';
import { queueRequestAlerts } from '../../apps/api/src/modules/alerts/alerts.outbox.ts';

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

/** The board's first page for a substitute: open requests of their profession, by hearing time. */
const firstPage = (db: Db, profession: 'adwokat' | 'radca-prawny' | 'aplikant-adwokacki', now: Date) =>
  db
    .select({ id: boardRequests.id, courtId: boardRequests.courtId, startsAt: boardRequests.startsAt })
    .from(boardRequests)
    .where(
      and(
        eq(boardRequests.state, 'open'),
        gt(boardRequests.answerDeadline, now),
        sql`${profession} = any(${boardRequests.professions})`,
      ),
    )
    .orderBy(asc(boardRequests.startsAt))
    .limit(20);

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

    // The first page, against a round trip.
    await db.execute(sql`analyze board_requests`);
    const baseline: number[] = [];
    const page: number[] = [];
    const professions = ['adwokat', 'radca-prawny', 'aplikant-adwokacki'] as const;
    let rows = 0;
    for (let i = 0; i < PAGE_RUNS; i += 1) {
      let started = performance.now();
      await db.execute(sql`select 1`);
      baseline.push(performance.now() - started);
      started = performance.now();
      rows = (await firstPage(db, professions[i % 3]!, new Date())).length;
      page.push(performance.now() - started);
    }
    console.log(
      `\nthe board's first page (${PAGE_RUNS} runs, ${rows} rows): the equivalent indexed query on board_requests`,
    );
    console.log(`  select 1:    median ${ms(quantile(baseline, 0.5))}, p99 ${ms(quantile(baseline, 0.99))}`);
    console.log(`  first page:  median ${ms(quantile(page, 0.5))}, p99 ${ms(quantile(page, 0.99))}`);
    console.log(
      `  ratio: median ${(quantile(page, 0.5) / quantile(baseline, 0.5)).toFixed(1)}×; p99 ${quantile(page, 0.99) < PAGE_TARGET_MS ? 'within' : 'OVER'} the ${PAGE_TARGET_MS} ms target`,
    );
    const plan = await db.execute(sql`explain (costs off) ${firstPage(db, 'adwokat', new Date()).getSQL()}`);
    for (const row of plan.rows as Record<string, string>[]) console.log(`    ${Object.values(row)[0]}`);
  } finally {
    await database.close();
    if (process.env.BENCH_KEEP !== '1') await onServer(`drop database if exists ${name} with (force)`);
    else console.log(`kept database ${name}`);
  }
}

await main();
