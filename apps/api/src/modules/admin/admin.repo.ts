import { asc, desc, eq, getTableName, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AdminOfferSortColumn, AdminProfileSortColumn, ParsedSort } from '@substytut/shared/admin-api';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import {
  offerPayments,
  offers,
  paymentAccounts,
  profiles,
  users,
  type OfferRow,
  type ProfileRow,
} from '../../db/schema.ts';

/**
 * Queries behind the administrator's tables. Every sort column has a btree index that ends in the
 * id (migration 0006_admin), so the first page is an index scan that stops after `limit` rows
 * whatever the table size. Search is a case-insensitive prefix match: each searched expression
 * has a text_pattern_ops index, and the matching ids are collected as a UNION of index scans
 * (an OR across tables or expressions would fall back to a sequential scan).
 */

// The same expressions as the indexes in 0006_admin.sql, or the planner cannot use them.
const fullnameSort = sql`(${profiles.firstname} || ' ' || ${profiles.lastname})`;

/** `abc` -> a LIKE pattern matching what starts with it, lower-cased by PostgreSQL itself. */
function prefixPattern(q: string): SQL {
  const escaped = q.replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql`lower(${escaped}) || '%'`;
}

/** Ids of profiles whose name, last name or account e-mail starts with q, or whose status is q. */
function profileHits(q: string, status: string | null): SQL {
  const pattern = prefixPattern(q);
  const parts: SQL[] = [
    sql`select p.id from profiles p where lower(p.firstname || ' ' || p.lastname) like ${pattern}`,
    sql`select p.id from profiles p where lower(p.lastname) like ${pattern}`,
    sql`select p.id from users u join profiles p on p.user_id = u.id where u.email like ${pattern}`,
  ];
  if (status) parts.push(sql`select p.id from profiles p where p.status = ${status}`);
  return sql.join(parts, sql` union `);
}

/** Ids of offers whose title starts with q, whose status is q, or whose lawyer matches q. */
function offerHits(q: string, status: string | null): SQL {
  const pattern = prefixPattern(q);
  const parts: SQL[] = [
    sql`select o.id from offers o where lower(o.title) like ${pattern}`,
    sql`select o.id from offers o where o.profile_id in (${profileHits(q, null)})`,
  ];
  if (status) parts.push(sql`select o.id from offers o where o.status = ${status}`);
  return sql.join(parts, sql` union `);
}

export interface ListWindow {
  limit: number;
  offset: number;
}

export interface Search {
  q: string;
  /** q when it names a status of the listed rows exactly, else null */
  status: string | null;
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
  search: Search | null,
  sort: ParsedSort<AdminProfileSortColumn>,
  window: ListWindow,
): Promise<ProfileListRow[]> {
  let page = db.select({ id: profiles.id }).from(profiles).$dynamic();
  if (sort.column === 'email') page = page.innerJoin(users, eq(users.id, profiles.userId));
  const ids = (
    await page
      .where(search ? sql`${profiles.id} in (${profileHits(search.q, search.status)})` : undefined)
      .orderBy(...profileOrder(sort))
      .limit(window.limit)
      .offset(window.offset)
  ).map((row) => row.id);
  if (ids.length === 0) return [];
  const rows = await db
    .select({ profile: profiles, email: users.email, accountId: paymentAccounts.accountId })
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
  search: Search | null,
  sort: ParsedSort<AdminOfferSortColumn>,
  window: ListWindow,
): Promise<OfferListRow[]> {
  const ids = (
    await db
      .select({ id: offers.id })
      .from(offers)
      .where(search ? sql`${offers.id} in (${offerHits(search.q, search.status)})` : undefined)
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

/** Matches of a search, counted up to `cap + 1` so a broad search never counts a million rows. */
export async function countSearch(
  db: DbOrTx,
  list: 'profiles' | 'offers',
  search: Search,
  cap: number,
): Promise<number> {
  const hits =
    list === 'profiles' ? profileHits(search.q, search.status) : offerHits(search.q, search.status);
  const result = await db.execute(
    sql`select count(*)::int as n from (select 1 from (${hits}) hits limit ${cap + 1}) capped`,
  );
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
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

export async function countProfilesByStatus(db: DbOrTx): Promise<Map<string, number>> {
  const rows = await db
    .select({ status: profiles.status, n: sql<number>`count(*)::int` })
    .from(profiles)
    .groupBy(profiles.status);
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

export async function countOffersByStatus(db: DbOrTx): Promise<Map<string, number>> {
  const rows = await db
    .select({ status: offers.status, n: sql<number>`count(*)::int` })
    .from(offers)
    .groupBy(offers.status);
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

/**
 * Paid gross per week: `bounds` are the instants the weeks start, plus the end of the last one.
 * width_bucket puts each payment in its week (1-based); refunded payments are left out.
 */
export async function sumPaidPerWeek(
  db: DbOrTx,
  bounds: Date[],
): Promise<Map<number, { grossGrosze: number; payments: number }>> {
  const first = bounds[0];
  const last = bounds[bounds.length - 1];
  if (!first || !last) return new Map();
  const thresholds = `{${bounds.map((b) => b.toISOString()).join(',')}}`;
  const result = await db.execute(sql`
    select width_bucket(${offerPayments.payDate}, ${thresholds}::timestamptz[]) as week,
      coalesce(sum(${offerPayments.price}), 0)::bigint as gross, count(*)::int as n
    from ${offerPayments}
    where ${offerPayments.payDate} >= ${first.toISOString()}::timestamptz
      and ${offerPayments.payDate} < ${last.toISOString()}::timestamptz
      and ${offerPayments.status} in ('paid', 'disputed')
    group by 1`);
  const out = new Map<number, { grossGrosze: number; payments: number }>();
  for (const row of rowsOf<{ week: number | string; gross: number | string; n: number | string }>(result)) {
    out.set(Number(row.week), { grossGrosze: Number(row.gross), payments: Number(row.n) });
  }
  return out;
}
