import { z } from 'zod';
import { offerDtoSchema, PROFILE_STATUSES, profileDtoSchema } from './api-types.ts';
import { OFFER_STATUSES } from './offer-status.ts';

/**
 * The administrator's lists and summary (GET /api/admin/profile, /api/admin/offer,
 * /api/admin/summary). Imported as '@substytut/shared/admin-api' so only the API and the lazily
 * loaded admin chunk pull it in.
 */

export const ADMIN_PAGE_SIZE_DEFAULT = 20;
export const ADMIN_PAGE_SIZE_MAX = 100;
/** Deep offsets get slow on a million rows; nobody pages that far by hand. */
export const ADMIN_PAGE_MAX = 10_000;
export const ADMIN_QUERY_MAX_LENGTH = 100;
/** A search counts its matches exactly up to this many, then answers "more than". */
export const ADMIN_SEARCH_COUNT_CAP = 1_000;

export const ADMIN_PROFILE_SORT_COLUMNS = [
  'id',
  'name',
  'email',
  'status',
  'createdAt',
  'updatedAt',
] as const;
export type AdminProfileSortColumn = (typeof ADMIN_PROFILE_SORT_COLUMNS)[number];

export const ADMIN_OFFER_SORT_COLUMNS = [
  'id',
  'title',
  'price',
  'status',
  'updatedAt',
  'expireDate',
  'createdAt',
] as const;
export type AdminOfferSortColumn = (typeof ADMIN_OFFER_SORT_COLUMNS)[number];

export type SortDirection = 'asc' | 'desc';

export interface ParsedSort<C extends string> {
  column: C;
  direction: SortDirection;
}

/** `sort` is a column name, descending with a leading '-': 'createdAt', '-updatedAt'. */
export function parseSort<C extends string>(value: string, columns: readonly C[]): ParsedSort<C> | null {
  const descending = value.startsWith('-');
  const column = (descending ? value.slice(1) : value) as C;
  if (!columns.includes(column)) return null;
  return { column, direction: descending ? 'desc' : 'asc' };
}

export function formatSort<C extends string>(sort: ParsedSort<C>): string {
  return `${sort.direction === 'desc' ? '-' : ''}${sort.column}`;
}

export const ADMIN_PROFILE_DEFAULT_SORT = '-createdAt';
export const ADMIN_OFFER_DEFAULT_SORT = '-updatedAt';

// Query values arrive as strings; a repeated parameter arrives as an array and fails here (400).
const pageNumber = (max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, 'validation.invalid')
    .transform(Number)
    .pipe(z.number().int().min(1, 'validation.invalid').max(max, 'validation.invalid'))
    .optional()
    .transform((n) => n ?? fallback);

function adminListQuerySchema<C extends string>(columns: readonly C[], defaultSort: string) {
  return z.object({
    page: pageNumber(ADMIN_PAGE_MAX, 1),
    pageSize: pageNumber(ADMIN_PAGE_SIZE_MAX, ADMIN_PAGE_SIZE_DEFAULT),
    sort: z
      .string()
      .refine((value) => parseSort(value, columns) !== null, 'validation.invalid')
      .optional()
      .transform((value) => value ?? defaultSort),
    q: z
      .string()
      .max(ADMIN_QUERY_MAX_LENGTH, 'validation.invalid')
      .optional()
      .transform((value) => (value ?? '').trim()),
  });
}

export const adminProfileListQuerySchema = adminListQuerySchema(
  ADMIN_PROFILE_SORT_COLUMNS,
  ADMIN_PROFILE_DEFAULT_SORT,
);
export const adminOfferListQuerySchema = adminListQuerySchema(
  ADMIN_OFFER_SORT_COLUMNS,
  ADMIN_OFFER_DEFAULT_SORT,
);
export type AdminListQuery = z.infer<typeof adminProfileListQuerySchema>;

/**
 * One row of the profiles table: the profile DTO's own field names, without jobs and references,
 * and whether the lawyer deleted the account (its paid jobs' records are kept for tax purposes).
 */
export const adminProfileRowSchema = profileDtoSchema
  .pick({
    profileId: true,
    userId: true,
    fullname: true,
    email: true,
    stripeAccountId: true,
    status: true,
    seolink: true,
    created_at: true,
    updated_at: true,
  })
  .extend({ accountDeleted: z.boolean() });
export type AdminProfileRow = z.infer<typeof adminProfileRowSchema>;

/** One row of the offers table: the lawyer's offer DTO (with profile name and absolute link). */
export const adminOfferRowSchema = offerDtoSchema;
export type AdminOfferRow = z.infer<typeof adminOfferRowSchema>;

function adminListSchema<T extends z.ZodType>(row: T) {
  return z.object({
    data: z.array(row),
    page: z.number().int(),
    pageSize: z.number().int(),
    /**
     * Rows in the whole list. Exact when `totalExact`; otherwise the planner's estimate (an
     * unfiltered large table) or the search cap (a search with more matches than the cap).
     */
    total: z.number().int(),
    totalExact: z.boolean(),
    sort: z.string(),
    q: z.string(),
  });
}

export const adminProfileListSchema = adminListSchema(adminProfileRowSchema);
export type AdminProfileList = z.infer<typeof adminProfileListSchema>;
export const adminOfferListSchema = adminListSchema(adminOfferRowSchema);
export type AdminOfferList = z.infer<typeof adminOfferListSchema>;

export const adminWeekVolumeSchema = z.object({
  /** Monday of the Warsaw week, 'YYYY-MM-DD'. */
  weekStart: z.string(),
  /** Gross grosze paid in that week (payments paid or disputed; refunded ones left out). */
  grossGrosze: z.number().int(),
  payments: z.number().int(),
});
export type AdminWeekVolume = z.infer<typeof adminWeekVolumeSchema>;

export const ADMIN_SUMMARY_WEEKS = 12;

export const adminSummarySchema = z.object({
  profiles: z.record(z.enum(PROFILE_STATUSES), z.number().int()),
  offers: z.record(z.enum(OFFER_STATUSES), z.number().int()),
  /** Oldest week first; the last one is the current (unfinished) week. */
  paidVolume: z.array(adminWeekVolumeSchema),
});
export type AdminSummary = z.infer<typeof adminSummarySchema>;
