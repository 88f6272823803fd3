import { z } from 'zod';
import { offerDtoSchema, PROFILE_STATUSES, profileDtoSchema } from './api-types.ts';
import { LICENCE_METHODS, LICENCE_SOURCES, LICENCE_STATES } from './licence.ts';
import { textField } from './validation/fields.ts';
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
    q: textField('validation.invalid')
      .max(ADMIN_QUERY_MAX_LENGTH, 'validation.invalid')
      .optional()
      .transform((value) => value ?? ''),
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
  .extend({ accountDeleted: z.boolean(), licence_state: z.enum(LICENCE_STATES) });
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

/** One check of a licence, as the review queue shows its evidence (issue 22). */
export const licenceCheckDtoSchema = z.object({
  source: z.enum(LICENCE_SOURCES),
  url: z.string().nullable(),
  fetched_at: z.string(),
  /** SHA-256 of the register's page, hex; null when no page was read */
  sha256: z.string().nullable(),
  /** the fields read from the register's answer */
  parsed: z.record(z.string(), z.unknown()).nullable(),
  outcome: z.string(),
  reason: z.string().nullable(),
});
export type LicenceCheckDto = z.infer<typeof licenceCheckDtoSchema>;

/** GET /api/admin/licence-reviews: the licences waiting for a person, oldest first. */
export const licenceReviewItemSchema = z.object({
  profile_id: z.number().int(),
  name: z.string(),
  professional_type: z.string(),
  license_no: z.string(),
  state: z.enum(LICENCE_STATES),
  /** GET /api/admin/licence-reviews/{profileId}/certificate, or null before an upload */
  certificate_url: z.string().nullable(),
  submitted_at: z.string(),
  checks: z.array(licenceCheckDtoSchema),
  /**
   * Issue 30: every other account that gives the same entry number, verified first: the reviewer
   * sees at once whether someone else holds it.
   */
  claims: z.array(
    z.object({
      profile_id: z.number().int(),
      name: z.string(),
      email: z.string(),
      state: z.enum(LICENCE_STATES),
      method: z.enum(LICENCE_METHODS).nullable(),
      verified_at: z.string().nullable(),
      account_created_at: z.string(),
    }),
  ),
});
export type LicenceReviewItem = z.infer<typeof licenceReviewItemSchema>;
export const licenceReviewListSchema = z.object({ items: z.array(licenceReviewItemSchema) });
export type LicenceReviewList = z.infer<typeof licenceReviewListSchema>;

export const LICENCE_REVIEW_REASON_MIN = 3;
export const LICENCE_REVIEW_REASON_MAX = 1000;

/** POST /api/admin/licence-reviews/{profileId}: a reason is required to reject. */
export const licenceReviewDecisionSchema = z
  .object({
    decision: z.enum(['approve', 'reject'], { error: 'validation.optionInvalid' }),
    reason: textField('validation.reviewReason', { multiline: true })
      .max(LICENCE_REVIEW_REASON_MAX, 'validation.reviewReason')
      .nullish()
      .transform((value) => (value === '' || value === undefined ? null : value)),
  })
  .superRefine((body, ctx) => {
    const length = body.reason?.length ?? 0;
    if ((body.decision === 'reject' || body.reason !== null) && length < LICENCE_REVIEW_REASON_MIN)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'validation.reviewReason' });
  });
export type LicenceReviewDecision = z.infer<typeof licenceReviewDecisionSchema>;
