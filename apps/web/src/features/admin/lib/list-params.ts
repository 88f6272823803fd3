import {
  ADMIN_PAGE_MAX,
  ADMIN_PAGE_SIZE_DEFAULT,
  ADMIN_PAGE_SIZE_MAX,
  ADMIN_QUERY_MAX_LENGTH,
  parseSort,
  type ParsedSort,
} from '@substytut/shared/admin-api';

/**
 * Each table keeps its state in the page's search params, under its own prefix
 * (`profilePage`, `offerSort`, …), so a reload, a shared link or the back button shows the same
 * rows. `pageSize` without a prefix applies to both tables.
 */
export type ListPrefix = 'profile' | 'offer';

export interface ListState<C extends string> {
  page: number;
  pageSize: number;
  sort: ParsedSort<C>;
  q: string;
}

const key = (prefix: ListPrefix, name: 'Page' | 'PageSize' | 'Sort' | 'Q') => `${prefix}${name}`;

function whole(value: string | null, min: number, max: number): number | null {
  if (value === null || !/^\d{1,6}$/.test(value)) return null;
  const n = Number(value);
  return n >= min && n <= max ? n : null;
}

/** Reads a table's state; anything invalid in the URL falls back to the default, never an error. */
export function readListState<C extends string>(
  params: URLSearchParams,
  prefix: ListPrefix,
  columns: readonly C[],
  defaultSort: string,
): ListState<C> {
  const fallbackSort = parseSort(defaultSort, columns);
  if (!fallbackSort) throw new Error(`bad default sort ${defaultSort}`);
  return {
    page: whole(params.get(key(prefix, 'Page')), 1, ADMIN_PAGE_MAX) ?? 1,
    pageSize:
      whole(params.get(key(prefix, 'PageSize')), 1, ADMIN_PAGE_SIZE_MAX) ??
      whole(params.get('pageSize'), 1, ADMIN_PAGE_SIZE_MAX) ??
      ADMIN_PAGE_SIZE_DEFAULT,
    sort: parseSort(params.get(key(prefix, 'Sort')) ?? '', columns) ?? fallbackSort,
    q: (params.get(key(prefix, 'Q')) ?? '').slice(0, ADMIN_QUERY_MAX_LENGTH),
  };
}

export interface ListChange {
  page?: number;
  pageSize?: number;
  sort?: string;
  q?: string;
}

/**
 * The params after a change to one table. A new search, sort or page size starts again at page 1;
 * defaults are left out of the URL.
 */
export function applyListChange(
  params: URLSearchParams,
  prefix: ListPrefix,
  change: ListChange,
  defaultSort: string,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (name: Parameters<typeof key>[1], value: string | null) => {
    if (value === null) next.delete(key(prefix, name));
    else next.set(key(prefix, name), value);
  };
  if (change.q !== undefined) set('Q', change.q.trim() === '' ? null : change.q.trim());
  if (change.sort !== undefined) set('Sort', change.sort === defaultSort ? null : change.sort);
  if (change.pageSize !== undefined) set('PageSize', String(change.pageSize));
  const restart = change.q !== undefined || change.sort !== undefined || change.pageSize !== undefined;
  const page = change.page ?? (restart ? 1 : undefined);
  if (page !== undefined) set('Page', page <= 1 ? null : String(page));
  return next;
}

/** The query string the API takes for a table's state. */
export function apiQuery<C extends string>(state: ListState<C>): string {
  const params = new URLSearchParams({
    page: String(state.page),
    pageSize: String(state.pageSize),
    sort: `${state.sort.direction === 'desc' ? '-' : ''}${state.sort.column}`,
  });
  if (state.q.trim() !== '') params.set('q', state.q.trim());
  return params.toString();
}
