import {
  ADMIN_OFFER_SORT_COLUMNS,
  ADMIN_PROFILE_SORT_COLUMNS,
  ADMIN_SEARCH_COUNT_CAP,
  ADMIN_SUMMARY_WEEKS,
  formatSort,
  parseSort,
  type AdminListQuery,
  type AdminOfferList,
  type AdminProfileList,
  type AdminSummary,
  type ParsedSort,
} from '@substytut/shared/admin-api';
import { addDays, OFFER_STATUSES, PROFILE_STATUSES, warsawDate, type IsoDate } from '@substytut/shared';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../app/errors.ts';
import { toOfferDto } from '../offers/index.ts';
import type { AnyColumn, SQL } from 'drizzle-orm';
import {
  countAll,
  countMatches,
  countByStatus,
  estimateRows,
  idIn,
  offerSearch,
  profileSearch,
  selectOffers,
  selectProfiles,
  sumPaidPerWeek,
  type Search,
  type SearchShape,
} from './admin.repo.ts';
import { offers, profiles } from '../../db/schema.ts';

export interface AdminDeps {
  db: Db;
  config: { publicUrl: string };
  clock: { now(): Date };
  /**
   * Above this many rows (by the planner's estimate) an unfiltered list reports the estimate as
   * its total instead of counting: an exact count of a million rows costs more than the page.
   */
  exactCountBelow?: number;
  /** A search counts its matches up to this many (default ADMIN_SEARCH_COUNT_CAP). */
  searchCountCap?: number;
}

export const EXACT_COUNT_BELOW = 10_000;

function sortOf<C extends string>(value: string, columns: readonly C[]): ParsedSort<C> {
  const sort = parseSort(value, columns);
  // The query schema already refused unknown columns; this only narrows the type.
  if (!sort) throw badRequest('validation.failed', undefined, { sort: 'validation.invalid' });
  return sort;
}

function searchOf(q: string, statuses: readonly string[]): Search | null {
  if (q === '') return null;
  const lowered = q.toLowerCase();
  return { q, status: statuses.includes(lowered) ? lowered : null };
}

interface Total {
  total: number;
  totalExact: boolean;
}

async function unfilteredTotal(deps: AdminDeps, table: typeof profiles | typeof offers): Promise<Total> {
  const estimate = await estimateRows(deps.db, table);
  if (estimate >= (deps.exactCountBelow ?? EXACT_COUNT_BELOW)) return { total: estimate, totalExact: false };
  return { total: await countAll(deps.db, table), totalExact: true };
}

/**
 * Counts a search (up to the cap) and picks how to read its page: few matches from their ids,
 * many by walking the sort index (see admin.repo.ts).
 */
async function searched(
  deps: AdminDeps,
  shape: SearchShape,
  id: AnyColumn,
): Promise<Total & { filter: SQL }> {
  const cap = deps.searchCountCap ?? ADMIN_SEARCH_COUNT_CAP;
  const n = await countMatches(deps.db, shape, cap);
  return n > cap
    ? { total: cap, totalExact: false, filter: shape.condition }
    : { total: n, totalExact: true, filter: idIn(id, shape) };
}

function windowOf(query: AdminListQuery) {
  return { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
}

/** GET /admin/profile: one page of all profiles with the account's e-mail and payment account. */
export async function listProfiles(deps: AdminDeps, query: AdminListQuery): Promise<AdminProfileList> {
  const sort = sortOf(query.sort, ADMIN_PROFILE_SORT_COLUMNS);
  const search = searchOf(query.q, PROFILE_STATUSES);
  let rows: Awaited<ReturnType<typeof selectProfiles>>;
  let total: Total;
  if (search) {
    const { filter, ...counted } = await searched(deps, profileSearch(search), profiles.id);
    total = counted;
    rows = await selectProfiles(deps.db, filter, sort, windowOf(query));
  } else {
    [rows, total] = await Promise.all([
      selectProfiles(deps.db, undefined, sort, windowOf(query)),
      unfilteredTotal(deps, profiles),
    ]);
  }
  return {
    data: rows.map(({ profile, email, accountId, deletedAt }) => ({
      profileId: profile.id,
      userId: profile.userId,
      fullname: [profile.firstname, profile.lastname].filter((s) => s !== '').join(' '),
      email,
      stripeAccountId: accountId,
      status: profile.status,
      seolink: profile.seolink,
      created_at: profile.createdAt.toISOString(),
      updated_at: profile.updatedAt.toISOString(),
      accountDeleted: deletedAt !== null,
      licence_state: profile.licenceState,
    })),
    page: query.page,
    pageSize: query.pageSize,
    ...total,
    sort: formatSort(sort),
    q: query.q,
  };
}

/** GET /admin/offer: one page of all offers with the lawyer's name and the offer's public link. */
export async function listOffers(deps: AdminDeps, query: AdminListQuery): Promise<AdminOfferList> {
  const sort = sortOf(query.sort, ADMIN_OFFER_SORT_COLUMNS);
  const search = searchOf(query.q, OFFER_STATUSES);
  let rows: Awaited<ReturnType<typeof selectOffers>>;
  let total: Total;
  if (search) {
    const { filter, ...counted } = await searched(deps, offerSearch(search), offers.id);
    total = counted;
    rows = await selectOffers(deps.db, filter, sort, windowOf(query));
  } else {
    [rows, total] = await Promise.all([
      selectOffers(deps.db, undefined, sort, windowOf(query)),
      unfilteredTotal(deps, offers),
    ]);
  }
  return {
    data: rows.map(({ offer, profile }) => toOfferDto(offer, profile, deps.config.publicUrl, false)),
    page: query.page,
    pageSize: query.pageSize,
    ...total,
    sort: formatSort(sort),
    q: query.q,
  };
}

/** Monday of the Warsaw week `day` falls in. */
export function warsawWeekStart(day: IsoDate): IsoDate {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** The last `weeks` Warsaw weeks (Monday to Monday), the current unfinished one last. */
export function summaryWeeks(now: Date, weeks = ADMIN_SUMMARY_WEEKS): IsoDate[] {
  const current = warsawWeekStart(warsawDate(now));
  return Array.from({ length: weeks }, (_, i) => addDays(current, -7 * (weeks - 1 - i)));
}

/** GET /admin/summary: profiles and offers per status, and the paid gross per week. */
export async function getSummary(deps: AdminDeps): Promise<AdminSummary> {
  const weeks = summaryWeeks(deps.clock.now());
  const firstWeek = weeks[0] ?? warsawWeekStart(warsawDate(deps.clock.now()));
  const [profileCounts, offerCounts, volume] = await Promise.all([
    countByStatus(deps.db, 'profiles'),
    countByStatus(deps.db, 'offers'),
    sumPaidPerWeek(deps.db, firstWeek, weeks.length),
  ]);
  return {
    profiles: Object.fromEntries(
      PROFILE_STATUSES.map((s) => [s, profileCounts.get(s) ?? 0]),
    ) as AdminSummary['profiles'],
    offers: Object.fromEntries(
      OFFER_STATUSES.map((s) => [s, offerCounts.get(s) ?? 0]),
    ) as AdminSummary['offers'],
    paidVolume: weeks.map((weekStart, i) => ({
      weekStart,
      grossGrosze: volume.get(i + 1)?.grossGrosze ?? 0,
      payments: volume.get(i + 1)?.payments ?? 0,
    })),
  };
}
