import { asc, desc, eq, getTableName, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AdminOfferSortColumn, AdminProfileSortColumn, ParsedSort } from '@substytut/shared/admin-api';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import type { IsoDate } from '@substytut/shared';
import {
  offers,
  paidVolumeDaily,
  paymentAccounts,
  profiles,
  statusCounts,
  users,
  type OfferRow,
  type ProfileRow,
} from '../../db/schema.ts';

/**
 * Queries behind the administrator's tables. Every sort column has a btree index that ends in the
 * id (migration 0006_admin), so a page is an index scan that stops after `limit` rows whatever
 * the table size. Search is a case-insensitive prefix match on expressions with text_pattern_ops
 * indexes, or an exact status.
 *
 * A search has two shapes, and the service picks one by the number of matches:
 * - `branches`: one index-driven SELECT of ids per searched expression, made disjoint so they
 *   can be joined with UNION ALL and stream into a capped count without a de-duplicating step.
 *   Few matches: the page is read from these ids.
 * - `condition`: the same test as one boolean on the row. Many matches: the page is read by
 *   walking the sort index and testing each row, which finds a page's worth of dense matches
 *   after a few hundred rows instead of collecting a hundred thousand ids first.
 */

// The same expressions as the indexes in 0006_admin.sql, or the planner cannot use them.
const fullnameSort = sql`(${profiles.firstname} || ' ' || ${profiles.lastname})`;

/** `abc` -> a LIKE pattern matching what starts with it, lower-cased by PostgreSQL itself. */
function prefixPattern(q: string): SQL {
  const escaped = q.replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql`lower(${escaped}) || '%'`;
}

export interface Search {
  q: string;
  /** q when it names a status of the listed rows exactly, else null */
  status: string | null;
}

export interface SearchShape {
  /** disjoint SELECTs of matching ids */
  branches: SQL[];
  /** the same test on one row of the listed table */
  condition: SQL;
}

const any = (parts: SQL[]) => sql`(${sql.join(parts, sql` or `)})`;
const none = (parts: SQL[]) => sql`not ${any(parts)}`;

/** Profiles whose name, last name or account e-mail starts with q, or whose status is q. */
export function profileSearch(search: Search): SearchShape {
  const pattern = prefixPattern(search.q);
  const name = sql`lower(${profiles.firstname} || ' ' || ${profiles.lastname}) like ${pattern}`;
  const last = sql`lower(${profiles.lastname}) like ${pattern}`;
  const emailOf = sql`exists (select 1 from ${users} where ${users.id} = ${profiles.userId} and ${users.email} like ${pattern})`;
  const branches = [
    sql`select ${profiles.id} from ${profiles} where ${name}`,
    sql`select ${profiles.id} from ${profiles} where ${last} and ${none([name])}`,
    // Driven by the e-mail index, then the owner's profile.
    sql`select ${profiles.id} from ${users} join ${profiles} on ${profiles.userId} = ${users.id}
      where ${users.email} like ${pattern} and ${none([name, last])}`,
  ];
  const tests = [name, last, emailOf];
  if (search.status) {
    const status = sql`${profiles.status} = ${search.status}`;
    branches.push(sql`select ${profiles.id} from ${profiles} where ${status} and ${none(tests)}`);
    tests.push(status);
  }
  return { branches, condition: any(tests) };
}

/** Offers whose title starts with q, whose lawyer matches q (name or e-mail), or whose status is q. */
export function offerSearch(search: Search): SearchShape {
  const pattern = prefixPattern(search.q);
  const title = sql`lower(${offers.title}) like ${pattern}`;
  const lawyers = sql.join(profileSearch({ q: search.q, status: null }).branches, sql` union all `);
  const byLawyer = sql`${offers.profileId} in (${lawyers})`;
  const branches = [
    sql`select ${offers.id} from ${offers} where ${title}`,
    sql`select ${offers.id} from ${offers} where ${byLawyer} and ${none([title])}`,
  ];
  const tests = [title, byLawyer];
  if (search.status) {
    const status = sql`${offers.status} = ${search.status}`;
    branches.push(sql`select ${offers.id} from ${offers} where ${status} and ${none(tests)}`);
    tests.push(status);
  }
  return { branches, condition: any(tests) };
}

/** Rows whose id is one of the branches' ids (few matches). */
export function idIn(id: AnyColumn, shape: SearchShape): SQL {
  return sql`${id} in (${sql.join(shape.branches, sql` union all `)})`;
}

/** Matches counted up to `cap + 1`: the branches stream, so a broad search stops early. */
export async function countMatches(db: DbOrTx, shape: SearchShape, cap: number): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as n from (
    select 1 from (${sql.join(shape.branches, sql` union all `)}) ids limit ${cap + 1}) capped`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}

export interface ListWindow {
  limit: number;
  offset: number;
}

const direction = (dir: 'asc' | 'desc') => (dir === 'asc' ? asc : desc);

/**
 * For the offers' created/updated indexes, declared `DESC NULLS LAST` (0004_offers): the order
 * has to name the same null placement or PostgreSQL cannot read the index for it, even though
 * the columns are never null.
 */
const nullsLastDirection = (dir: 'asc' | 'desc') => (column: SQL | AnyColumn) =>
  dir === 'asc' ? sql`${column} asc nulls first` : sql`${column} desc nulls last`;

function profileOrder(sort: ParsedSort<AdminProfileSortColumn>): SQL[] {
  const by = direction(sort.direction);
  switch (sort.column) {
    case 'id':
      return [by(profiles.id)];
    case 'name':
      return [by(fullnameSort), by(profiles.id)];
    // E-mails are unique: no tie to break.
    case 'email':
      return [by(users.email)];
    case 'status':
      return [by(profiles.status), by(profiles.id)];
    case 'createdAt':
      return [by(profiles.createdAt), by(profiles.id)];
    case 'updatedAt':
      return [by(profiles.updatedAt), by(profiles.id)];
  }
}

function offerOrder(sort: ParsedSort<AdminOfferSortColumn>): SQL[] {
  const by = direction(sort.direction);
  const nullsLast = nullsLastDirection(sort.direction);
  switch (sort.column) {
    case 'id':
      return [by(offers.id)];
    case 'title':
      return [by(offers.title), by(offers.id)];
    case 'price':
      return [by(offers.netGrosze), by(offers.id)];
    case 'status':
      return [by(offers.status), by(offers.id)];
    case 'updatedAt':
      return [nullsLast(offers.updatedAt), nullsLast(offers.id)];
    case 'expireDate':
      return [by(offers.expireDate), by(offers.id)];
    case 'createdAt':
      return [nullsLast(offers.createdAt), nullsLast(offers.id)];
  }
}

export interface ProfileListRow {
  profile: ProfileRow;
  email: string;
  accountId: string | null;
  deletedAt: Date | null;
}

/** Rows in the order of `ids` (a page's ids, already sorted by the database). */
function inOrder<T>(ids: number[], rows: T[], idOf: (row: T) => number): T[] {
  const byId = new Map(rows.map((row) => [idOf(row), row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/*
 * A page is read in two steps: the ids of the page from the sort index alone, then their rows.
 * With the joins in the same statement the planner, misjudging a small or busy table, may
 * join and sort everything before taking 20 rows.
 */

export async function selectProfiles(
  db: DbOrTx,
  filter: SQL | undefined,
  sort: ParsedSort<AdminProfileSortColumn>,
  window: ListWindow,
): Promise<ProfileListRow[]> {
  let page = db.select({ id: profiles.id }).from(profiles).$dynamic();
  if (sort.column === 'email') page = page.innerJoin(users, eq(users.id, profiles.userId));
  const ids = (
    await page
      .where(filter)
      .orderBy(...profileOrder(sort))
      .limit(window.limit)
      .offset(window.offset)
  ).map((row) => row.id);
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      profile: profiles,
      email: users.email,
      accountId: paymentAccounts.accountId,
      deletedAt: users.deletedAt,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .leftJoin(paymentAccounts, eq(paymentAccounts.userId, profiles.userId))
    .where(inArray(profiles.id, ids));
  return inOrder(ids, rows, (row) => row.profile.id);
}

export interface OfferListRow {
  offer: OfferRow;
  profile: ProfileRow;
}

export async function selectOffers(
  db: DbOrTx,
  filter: SQL | undefined,
  sort: ParsedSort<AdminOfferSortColumn>,
  window: ListWindow,
): Promise<OfferListRow[]> {
  const ids = (
    await db
      .select({ id: offers.id })
      .from(offers)
      .where(filter)
      .orderBy(...offerOrder(sort))
      .limit(window.limit)
      .offset(window.offset)
  ).map((row) => row.id);
  if (ids.length === 0) return [];
  const rows = await db
    .select({ offer: offers, profile: profiles })
    .from(offers)
    .innerJoin(profiles, eq(profiles.id, offers.profileId))
    .where(inArray(offers.id, ids));
  return inOrder(ids, rows, (row) => row.offer.id);
}

export async function countAll(db: DbOrTx, table: typeof profiles | typeof offers): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as n from ${table}`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}

/**
 * The planner's own row estimate: rows per page at the last ANALYZE times the pages the table
 * has now, so it follows growth between analyses. -1 when the table was never analysed.
 */
export async function estimateRows(db: DbOrTx, table: typeof profiles | typeof offers): Promise<number> {
  const name = getTableName(table);
  const result = await db.execute(sql`
    select case when c.reltuples < 0 or c.relpages = 0 then -1
      else (c.reltuples / c.relpages * (pg_relation_size(c.oid) / current_setting('block_size')::int))::bigint
    end as n
    from pg_class c where c.oid = to_regclass(${name})`);
  const n = rowsOf<{ n: number | string | null }>(result)[0]?.n;
  return n === undefined || n === null ? -1 : Number(n);
}

/** Rows per status, from the counters the triggers of 0009 keep (no count over the table). */
export async function countByStatus(db: DbOrTx, entity: 'offers' | 'profiles'): Promise<Map<string, number>> {
  const rows = await db
    .select({ status: statusCounts.status, n: statusCounts.n })
    .from(statusCounts)
    .where(eq(statusCounts.entity, entity));
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

/**
 * Paid gross per Warsaw week from the daily figures the triggers of 0009 keep: week 1 begins on
 * `firstWeek` (a Monday), and payments in paid or disputed status count (refunded ones do not).
 */
export async function sumPaidPerWeek(
  db: DbOrTx,
  firstWeek: IsoDate,
  weeks: number,
): Promise<Map<number, { grossGrosze: number; payments: number }>> {
  const result = await db.execute(sql`
    select (${paidVolumeDaily.day} - ${firstWeek}::date) / 7 + 1 as week,
      coalesce(sum(${paidVolumeDaily.grossGrosze}), 0)::bigint as gross,
      coalesce(sum(${paidVolumeDaily.payments}), 0)::bigint as n
    from ${paidVolumeDaily}
    where ${paidVolumeDaily.day} >= ${firstWeek}::date
      and ${paidVolumeDaily.day} < ${firstWeek}::date + ${weeks * 7}::int
    group by 1`);
  const out = new Map<number, { grossGrosze: number; payments: number }>();
  for (const row of rowsOf<{ week: number | string; gross: number | string; n: number | string }>(result)) {
    out.set(Number(row.week), { grossGrosze: Number(row.gross), payments: Number(row.n) });
  }
  return out;
}
