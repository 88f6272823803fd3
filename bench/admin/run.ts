/**
 * Benchmark of the administrator's lists on a realistic volume: 100 000 profiles and 1 000 000
 * offers in a fresh PostgreSQL database with the real migrations applied. Prints the time of the
 * first page, searches and sorts of both lists (through the real service functions, after the
 * same zod parsing the route does), each next to a `select 1` round trip measured in the same
 * run, as a ratio; the summary (figures kept by triggers, checked against a full count) with its
 * own budget; and the plans of the clock job's two "what is due" queries. Not a timed test: run
 * it with `npm run bench:admin`.
 *
 *   BENCH_DATABASE_URL  server to create the database on (default postgres://postgres@127.0.0.1:55432/postgres)
 *   BENCH_KEEP=1        keep the database afterwards (its name is printed)
 *   BENCH_REUSE=<name>  time an existing benchmark database again instead of seeding a new one
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import {
  adminOfferListQuerySchema,
  adminProfileListQuerySchema,
} from '../../packages/shared/src/admin-api.ts';
import { openDatabase, type Db } from '../../apps/api/src/db/client.ts';
import {
  getSummary,
  listOffers,
  listProfiles,
  type AdminDeps,
} from '../../apps/api/src/modules/admin/admin.service.ts';
import {
  offersDoneBefore,
  unpaidOffersExpiringBefore,
} from '../../apps/api/src/modules/offers/offers.repo.ts';
import { acceptanceCutoff, expiredBefore } from '../../packages/shared/src/offer-rules.ts';

const PROFILES = Number(process.env.BENCH_PROFILES ?? 100_000);
const OFFERS = Number(process.env.BENCH_OFFERS ?? 1_000_000);
const RUNS = 7;
const BUDGET_MS = 100;
const SUMMARY_BUDGET_MS = 50;

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:55432/postgres';
const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../apps/api/drizzle');

async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  console.log(`  ${label.padEnd(44)} ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/** Generated in SQL (generate_series), so a million rows take seconds, not a million round trips. */
async function seed(db: Db): Promise<void> {
  await db.execute(sql`set synchronous_commit = off`);
  await timed(`users + profiles (${PROFILES})`, async () => {
    await db.execute(sql`
      insert into users (email, name, email_verified_at, created_at, updated_at)
      select 'lawyer' || i || '@bench.example', '', now(), now() - i * interval '5 minutes', now() - i * interval '5 minutes'
      from generate_series(1, ${PROFILES}) i`);
    await db.execute(sql`
      insert into profiles (user_id, firstname, lastname, permissions, license_no, specialization, institution,
        description, seolink, status, first_active_at, created_at, updated_at)
      select u.id,
        (array['Anna','Jan','Piotr','Katarzyna','Tomasz','Agnieszka','Paweł','Magdalena','Michał','Ewa',
               'Łukasz','Joanna','Krzysztof','Małgorzata','Marcin','Zofia','Adam','Barbara','Marek','Aleksandra'])[1 + n % 20],
        (array['Nowak','Kowalski','Wiśniewski','Wójcik','Kowalczyk','Kamiński','Lewandowski','Zieliński',
               'Szymański','Woźniak','Dąbrowski','Kozłowski','Jankowski','Mazur','Kwiatkowski','Krawczyk',
               'Piotrowski','Grabowski','Nowakowski','Pawłowski','Michalski','Nowicki','Adamczyk','Dudek',
               'Zając','Wieczorek','Jabłoński','Król','Majewski','Olszewski','Jaworski','Wróbel','Malinowski',
               'Pawlak','Witkowski','Walczak','Stępień','Górski','Rutkowski','Michalak','Sikora','Ostrowski',
               'Baran','Duda','Szewczyk','Tomaszewski','Pietrzak','Marciniak','Wróblewski','Zalewski'])[1 + (n / 20) % 50],
        'radca-prawny', 'WA-' || n, 'prawo-cywilne', 'oirp-warszawa', 'Radca prawny.',
        'lawyer-' || n, case when n % 10 < 7 then 'active' else 'inactive' end,
        case when n % 10 < 7 then u.created_at end, u.created_at, u.created_at + (n % 97) * interval '1 hour'
      from (select id, created_at, row_number() over (order by email) as n from users
            where email like 'lawyer%@bench.example') u`);
    await db.execute(sql`
      insert into payment_accounts (account_id, user_id, provider, charges_enabled, payouts_enabled, details_submitted)
      select 'acct_bench_' || p.id, p.user_id, 'sandbox', true, true, true from profiles p where p.status = 'active'`);
  });
  await timed(`offers (${OFFERS})`, async () => {
    await db.execute(sql`
      insert into offers (profile_id, title, net_grosze, gross_grosze, expire_date, status, offer_url, created_at, updated_at)
      select 1 + (i::bigint * 7919) % ${PROFILES},
        (array['Rozprawa w Sądzie Rejonowym','Rozprawa w Sądzie Okręgowym','Rozprawa apelacyjna',
               'Posiedzenie pojednawcze','Przesłuchanie świadka','Zastępstwo procesowe','Posiedzenie niejawne',
               'Mediacja','Rozprawa karna','Zastępstwo w sprawie rodzinnej'])[1 + i % 10] || ' – sygn. ' || i,
        net, (net * 123 + 50) / 100,
        (current_date + (i % 60 - 20))::date,
        (array['active','paystart','payed','done','accepted','archive','expired'])[1 + i % 7],
        md5(i::text), now() - i * interval '30 seconds', now() - i * interval '30 seconds' + (i % 13) * interval '1 minute'
      from (select i, 1 + (i * 31) % 100000 as net from generate_series(1, ${OFFERS}) i) s`);
  });
  await timed('payments (last 16 weeks)', async () => {
    await db.execute(sql`
      insert into payments (offer_id, provider, external_id, pay_link, status, price, email, street, city, post_code,
        expires_at, pay_date)
      select o.id, 'sandbox', 'cs_bench_' || o.id, 'http://localhost/pay', case when o.id % 50 = 0 then 'refunded' else 'paid' end,
        o.gross_grosze, 'client@bench.example', 'Prosta 1', 'Warszawa', '00-001', now(),
        now() - (o.id % 112) * interval '1 day' - (o.id % 24) * interval '1 hour'
      from offers o where o.status in ('payed', 'done', 'accepted')`);
  });
  // A live database has autovacuum keep the statistics and the visibility map current.
  await timed('vacuum analyze', () => db.execute(sql`vacuum analyze`));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

/** One warm-up, then the median of RUNS timings, in ms. */
async function measure(work: () => Promise<unknown>): Promise<number> {
  await work();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return median(times);
}

async function main() {
  const reuse = process.env.BENCH_REUSE;
  const name = reuse ?? `substytut_bench_${randomBytes(4).toString('hex')}`;
  console.log(`admin lists benchmark: ${PROFILES} profiles, ${OFFERS} offers`);
  console.log(
    `load average at start: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(', ')}`,
  );
  console.log(`database ${name} on ${new URL(serverUrl).host}`);
  if (!reuse) await onServer(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await timed('migrations', () =>
    openDatabase({ databaseUrl: url.toString(), migrationsDir }),
  );
  try {
    if (!reuse) await seed(database.db);
    const deps: AdminDeps = {
      db: database.db,
      config: { publicUrl: 'http://localhost:3000' },
      clock: { now: () => new Date() },
    };
    const profilesAt = (query: Record<string, string>) => () =>
      listProfiles(deps, adminProfileListQuerySchema.parse(query));
    const offersAt = (query: Record<string, string>) => () =>
      listOffers(deps, adminOfferListQuerySchema.parse(query));

    // Sanity: the lists answer what the benchmark claims to time.
    const first = await listOffers(deps, adminOfferListQuerySchema.parse({}));
    const search = await listOffers(deps, adminOfferListQuerySchema.parse({ q: 'rozprawa apel' }));
    console.log(
      `offers: first page ${first.data.length} rows of ~${first.total} (exact: ${first.totalExact}); ` +
        `'rozprawa apel' ${search.total}${search.totalExact ? '' : '+'} matches`,
    );

    // Sanity: the trigger-kept figures are the figures a full count gives.
    const summary = await getSummary(deps);
    const counted = await database.db.execute(
      sql`select status, count(*)::int as n from offers group by status`,
    );
    const mismatch = (counted.rows as { status: string; n: number }[]).filter(
      (row) => summary.offers[row.status as keyof typeof summary.offers] !== row.n,
    );
    console.log(
      `summary: offers per status ${mismatch.length === 0 ? 'equal a full count' : 'DIFFER from a full count'}`,
    );

    // The clock job asks only for what is due, through the (status, expire_date) and
    // (status, done_at) indexes; the seed has a backlog a live clock job would not have.
    const now = new Date();
    for (const [label, query] of [
      [
        'clock job: unpaid offers past their day',
        sql`select id from offers where status in ('active', 'paystart') and expire_date < ${expiredBefore(now)}`,
      ],
      [
        'clock job: done offers past the window',
        sql`select id from offers where status = 'done' and done_at < ${acceptanceCutoff(now, 7).toISOString()}`,
      ],
    ] as const) {
      const plan = await database.db.execute(sql`explain (costs off) ${query}`);
      console.log(`${label}:`);
      for (const row of plan.rows as Record<string, string>[]) console.log(`    ${Object.values(row)[0]}`);
    }

    const baseline = await measure(() => database.db.execute(sql`select 1`));
    const cases: [string, () => Promise<unknown>][] = [
      ['profiles: first page (20, newest first)', profilesAt({})],
      ['profiles: first page of 100', profilesAt({ pageSize: '100' })],
      ['profiles: page 50', profilesAt({ page: '50' })],
      ['profiles: sorted by name', profilesAt({ sort: 'name' })],
      ['profiles: sorted by e-mail, descending', profilesAt({ sort: '-email' })],
      ['profiles: search "kowalczyk"', profilesAt({ q: 'kowalczyk' })],
      ['profiles: search "anna now"', profilesAt({ q: 'anna now' })],
      ['profiles: search e-mail "lawyer4242"', profilesAt({ q: 'lawyer4242' })],
      ['profiles: search status "inactive"', profilesAt({ q: 'inactive' })],
      ['offers: first page (20, last changed first)', offersAt({})],
      ['offers: first page of 100', offersAt({ pageSize: '100' })],
      ['offers: page 50', offersAt({ page: '50' })],
      ['offers: sorted by price', offersAt({ sort: 'price' })],
      ['offers: sorted by title, descending', offersAt({ sort: '-title' })],
      ['offers: sorted by expiry', offersAt({ sort: 'expireDate' })],
      ['offers: search title "rozprawa apel"', offersAt({ q: 'rozprawa apel' })],
      ['offers: search title "mediacja – sygn. 12"', offersAt({ q: 'mediacja – sygn. 12' })],
      ['offers: search lawyer "łukasz mazur"', offersAt({ q: 'łukasz mazur' })],
      ['offers: search status "payed"', offersAt({ q: 'payed' })],
      ['summary (counts per status, 12 weeks)', () => getSummary(deps)],
      ['clock job: due expiries', () => unpaidOffersExpiringBefore(database.db, expiredBefore(new Date()))],
      ['clock job: due archivals', () => offersDoneBefore(database.db, acceptanceCutoff(new Date(), 7))],
    ];

    console.log('');
    console.log(`baseline select 1 round trip: ${baseline.toFixed(2)} ms (median of ${RUNS})`);
    console.log('');
    console.log(`${'case'.padEnd(46)}${'median ms'.padStart(10)}${'× select 1'.padStart(12)}  budget`);
    for (const [label, work] of cases) {
      const ms = await measure(work);
      const budget = label.includes('first page')
        ? BUDGET_MS
        : label.startsWith('summary')
          ? SUMMARY_BUDGET_MS
          : 0;
      const flag = budget === 0 ? '' : ms < budget ? `< ${budget} ms ok` : 'OVER';
      console.log(
        `${label.padEnd(46)}${ms.toFixed(1).padStart(10)}${(ms / baseline).toFixed(0).padStart(12)}  ${flag}`,
      );
    }
    console.log('');
    console.log(
      `load average at end: ${loadavg()
        .map((n) => n.toFixed(2))
        .join(', ')}`,
    );
  } finally {
    await database.close();
    if (reuse || process.env.BENCH_KEEP === '1') console.log(`kept database ${name}`);
    else await onServer(`drop database if exists ${name} with (force)`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
