import { z } from 'zod';
import { hearingDtoSchema } from './hearing.ts';
import {
  LICENCE_CODE_CHANNELS,
  LICENCE_CODE_LENGTH,
  LICENCE_METHODS,
  LICENCE_REGISTERS,
  LICENCE_STATES,
} from './licence.ts';
import { OFFER_STATUSES } from './offer-status.ts';
import { hearingReportDtoSchema, settlementDtoSchema } from './hearing-report.ts';

/**
 * Payloads of the API (spec 7) with the field names of spec 3. Schemas double as the Fastify
 * response schemas; the types are inferred from them so both apps read one definition.
 * Request bodies live in ./validation. Timestamps are ISO 8601 strings; calendar days are
 * 'YYYY-MM-DD'; money is decimal PLN text ('123.45'), converted from grosze at the edge.
 */

/** Every successful answer is wrapped in `data` (admin lists twice: `{ data: { data: [...] } }`). */
export const dataEnvelope = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
export interface DataEnvelope<T> {
  data: T;
}

/** The one error shape: a readable message, a dotted code, and i18n keys per field path. */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  /** one i18n key per field path ('jobs.0.yearStart'), as the API sends them */
  errors: z.record(z.string(), z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

export const USER_ROLES = ['user', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const userDtoSchema = z.object({
  id: z.string().uuid(),
  email: z.string(),
  name: z.string(),
  role: z.enum(USER_ROLES),
  email_verified_at: z.string().nullable(),
});
export type UserDto = z.infer<typeof userDtoSchema>;

/** POST /login, POST /login/google and POST /email/verify/{id}/{hash}. */
export const authResponseSchema = z.object({
  token: z.string(),
  user: userDtoSchema,
  message: z.string(),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** POST /register, /login/forget, /login/resetpassword. */
export const messageResponseSchema = z.object({ success: z.boolean(), message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const jobDtoSchema = z.object({
  positionName: z.string(),
  employerName: z.string(),
  monthStart: z.string(),
  yearStart: z.string(),
  /** '' when missing (spec 3). */
  monthEnd: z.string(),
  yearEnd: z.string(),
  stillWorking: z.boolean(),
});
export type JobDto = z.infer<typeof jobDtoSchema>;

export const referenceDtoSchema = z.object({ author: z.string(), description: z.string() });
export type ReferenceDto = z.infer<typeof referenceDtoSchema>;

/**
 * 'active' means the profile is complete and its payment account can receive payouts: it opens
 * the public link and offer creation (spec 4 and 6). Anything else is 'inactive'.
 */
export const PROFILE_STATUSES = ['inactive', 'active'] as const;
export type ProfileStatus = (typeof PROFILE_STATUSES)[number];

// Its own module, so pages can import it without this file's zod schemas.
export { storageSrcSet, storageUrl } from './storage.ts';

/**
 * The licence as its owner sees it (issue 22): the state of its verification, how and when it
 * was confirmed, when the register was last asked, why it was rejected, and which register
 * answers for the professional type.
 */
export const licenceDtoSchema = z.object({
  state: z.enum(LICENCE_STATES),
  method: z.enum(LICENCE_METHODS).nullable(),
  verified_at: z.string().nullable(),
  checked_at: z.string().nullable(),
  /** the administrator's reason for a rejection, shown to the lawyer */
  reason: z.string().nullable(),
  certificate_uploaded_at: z.string().nullable(),
  register: z.enum(LICENCE_REGISTERS),
  /**
   * Issue 30: the one-time code waiting to be typed (state 'code_sent'): where it went (the
   * register's contact, partly hidden), until when it works, tries left, and from when a new one
   * may be asked for. null in every other state.
   */
  code: z
    .object({
      channel: z.enum(LICENCE_CODE_CHANNELS),
      sent_to: z.string(),
      sent_at: z.string(),
      expires_at: z.string(),
      attempts_left: z.number().int(),
      resend_at: z.string(),
    })
    .nullable(),
});
export type LicenceDto = z.infer<typeof licenceDtoSchema>;

/** POST /api/user/profile/licence/code: the one-time code as typed (spaces and dashes allowed). */
export const licenceCodeBodySchema = z.object({
  code: z
    .string({ error: 'validation.licenceCode' })
    .max(40, 'validation.licenceCode')
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(new RegExp(`^\\d{${LICENCE_CODE_LENGTH}}$`), 'validation.licenceCode')),
});
export type LicenceCodeBody = z.infer<typeof licenceCodeBodySchema>;

/** What creating offers needs; all three true ⇒ allowed (mayCreateOffers). */
export const offerRequirementsDtoSchema = z.object({
  profile_active: z.boolean(),
  payment_account: z.boolean(),
  licence_verified: z.boolean(),
});

/** The licence on the public page: null ⇒ no 'Zweryfikowany' badge. */
export const publicLicenceDtoSchema = z
  .object({
    method: z.enum(LICENCE_METHODS),
    register: z.enum(LICENCE_REGISTERS),
    verified_at: z.string(),
  })
  .nullable();
export type PublicLicenceDto = z.infer<typeof publicLicenceDtoSchema>;

/**
 * GET /user/profile and the admin list. Text fields the lawyer has not filled yet are ''.
 * specialization is an array of ids here; spec 3's comma-joined string is a storage detail
 * (see joinSpecializations / splitSpecializations).
 */
export const profileDtoSchema = z.object({
  profileId: z.number().int(),
  /** The account's id (a UUID). */
  userId: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  fullname: z.string(),
  phone: z.string().nullable(),
  /** A professional type id, or '' before the profile is filled. */
  permissions: z.string(),
  licenseNo: z.string(),
  specialization: z.array(z.string()),
  /** An institution id, or ''. */
  institution: z.string(),
  imageUrl: z.string().nullable(),
  cvUrl: z.string().nullable(),
  cardUrl: z.string().nullable(),
  linkedinUrl: z.string().nullable(),
  facebookUrl: z.string().nullable(),
  /** Null until the profile has a name to build it from. */
  seolink: z.string().nullable(),
  email: z.string(),
  description: z.string(),
  status: z.enum(PROFILE_STATUSES),
  stripeAccountId: z.string().nullable(),
  jobs: z.array(jobDtoSchema),
  references: z.array(referenceDtoSchema),
  /** Issue 32: a trainee's training start 'YYYY-MM'; null for everyone else, or not given yet. */
  training_start: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  licence: licenceDtoSchema,
  offer_requirements: offerRequirementsDtoSchema,
});
export type ProfileDto = z.infer<typeof profileDtoSchema>;

/** Money as decimal PLN text, never negative ('123.45'): prices, fees and amounts of the API. */
export const decimalPlnSchema = z.string().regex(/^\d+\.\d{2}$/);
const decimalPln = decimalPlnSchema;

export const offerDtoSchema = z.object({
  offerId: z.number().int(),
  profileId: z.number().int(),
  title: z.string(),
  description: z.string(),
  /** Net, e.g. '100.00'. */
  price: decimalPln,
  /** Gross, e.g. '123.00'. */
  price_brutto: decimalPln,
  expireDate: z.string(),
  status: z.enum(OFFER_STATUSES),
  /** The secret token in the offer link ?o={offerUrl}. */
  offerUrl: z.string(),
  /** {origin}/u/{seolink}?o={offerUrl} */
  absoluteUrl: z.string(),
  cardUrl: z.string().nullable(),
  createDate: z.string(),
  updateDate: z.string(),
  profile: z.object({ seolink: z.string(), fullname: z.string() }),
  /** The hearing (issue 23); the owner sees every field. */
  hearing: hearingDtoSchema.nullable(),
  /** The hearing report, once filed (issue 23); left out where it is not read (admin list). */
  report: hearingReportDtoSchema.nullable().optional(),
  /** The dispute or refund, when there is one (issue 23). */
  settlement: settlementDtoSchema.nullable().optional(),
  /**
   * The fee withheld from this offer's payout, in basis points: the lawyer's plan's when the
   * client paid (issue 34 §3); null while unpaid (the plan's fee now applies then). Left out
   * where it is not read.
   */
  fee_basis_points: z.number().int().min(0).max(10_000).nullable().optional(),
  /**
   * Net PLN the lawyer keeps when the court cancels the hearing on the day (issue 34); null for
   * none. Optional only so older fixtures still type-check: the API always sends it.
   */
  court_cancellation_fee: decimalPln.nullable().optional(),
});
export type OfferDto = z.infer<typeof offerDtoSchema>;

/** POST /user/offer. */
export const offerCreatedDtoSchema = z.object({ absoluteUrl: z.string(), offer: offerDtoSchema });
export type OfferCreatedDto = z.infer<typeof offerCreatedDtoSchema>;

/**
 * The offer as the public page sees it. `error` is true when it can no longer be paid
 * (expired, already paid, or finished); the page then hides the offer card.
 */
export const publicOfferDtoSchema = z.object({
  title: z.string(),
  description: z.string(),
  price: decimalPln,
  price_brutto: decimalPln,
  expireDate: z.string(),
  status: z.enum(OFFER_STATUSES),
  offerUrl: z.string(),
  /** Storage key of the offer's card image (served under /storage/), or null. */
  cardUrl: z.string().nullable(),
  error: z.boolean(),
  /** The hearing without its case number and party (only the lawyer and the payer see those). */
  hearing: hearingDtoSchema.nullable(),
  /** Net PLN kept by the lawyer when the court cancels the hearing on the day (issue 34), shown before paying. */
  court_cancellation_fee: decimalPln.nullable().optional(),
});
export type PublicOfferDto = z.infer<typeof publicOfferDtoSchema>;

/** GET /public/profile/{seolink}?offerUrl=…; `offer` is null without (or with an unknown) offerUrl. */
export const publicProfileDtoSchema = z.object({
  firstname: z.string(),
  lastname: z.string(),
  fullname: z.string(),
  phone: z.string().nullable(),
  email: z.string(),
  permissions: z.string(),
  licenseNo: z.string(),
  specialization: z.array(z.string()),
  institution: z.string(),
  imageUrl: z.string().nullable(),
  cvUrl: z.string().nullable(),
  cardUrl: z.string().nullable(),
  linkedinUrl: z.string().nullable(),
  facebookUrl: z.string().nullable(),
  seolink: z.string(),
  description: z.string(),
  jobs: z.array(jobDtoSchema),
  references: z.array(referenceDtoSchema),
  offer: publicOfferDtoSchema.nullable(),
  licence: publicLicenceDtoSchema,
  /**
   * Issue 32: references from jobs confirmed through the board that the lawyer published, newest
   * job first: the text and the job's month 'YYYY-MM'. No ratings.
   */
  board_references: z.array(z.object({ text: z.string(), month: z.string() })),
});
export type PublicProfileDto = z.infer<typeof publicProfileDtoSchema>;

/** POST /public/nip. Parts the registry lacks are ''. */
export const companyLookupDtoSchema = z.object({
  street: z.string(),
  propertyNumber: z.string(),
  apartmentNumber: z.string(),
  city: z.string(),
  zipCode: z.string(),
  name: z.string(),
});
export type CompanyLookupDto = z.infer<typeof companyLookupDtoSchema>;

/**
 * Prefill of the client invoice form from a lookup (spec 5): street with the property and
 * apartment numbers joined by a slash ('Prosta 1/2'), postCode from zipCode, company from name.
 */
export function invoiceFieldsFromCompany(company: CompanyLookupDto): {
  company: string;
  street: string;
  postCode: string;
  city: string;
} {
  const number = [company.propertyNumber, company.apartmentNumber]
    .map((s) => s.trim())
    .filter(Boolean)
    .join('/');
  return {
    company: company.name.trim(),
    street: [company.street.trim(), number].filter(Boolean).join(' '),
    postCode: company.zipCode.trim(),
    city: company.city.trim(),
  };
}

/** GET /user/profile/invoice. Fields not yet provided are ''. */
export const invoiceDataDtoSchema = z.object({
  invoice_nip: z.string(),
  invoice_company: z.string(),
  invoice_street: z.string(),
  invoice_postcode: z.string(),
  invoice_city: z.string(),
  invoice_bank_account: z.string().nullable(),
});
export type InvoiceDataDto = z.infer<typeof invoiceDataDtoSchema>;

/** POST /public/profile/{seolink}/payment/{offerUrl}. */
export const paymentLinkDtoSchema = z.object({ payLink: z.string() });
export type PaymentLinkDto = z.infer<typeof paymentLinkDtoSchema>;

/** POST /user/profile/stripe/createaccount and /stripe/login. */
export const urlDtoSchema = z.object({ url: z.string() });
export type UrlDto = z.infer<typeof urlDtoSchema>;
