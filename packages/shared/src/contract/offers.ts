import { z } from 'zod';
import { adminDisputeDtoSchema } from '../hearing-report.ts';
import { hearingInputSchemaWith } from '../hearing.ts';
import { LOCALES } from '../locale.ts';
import { paymentRequestSchema } from '../validation/invoice.ts';

/**
 * Shapes of the offer lifecycle's routes that api-types.ts and hearing-report.ts do not already
 * hold (decision 034). Declared here for the web; the server's offers and calendar routes attach
 * them (the list of which route takes which is in decision 034).
 */

/** GET and DELETE /api/user/calendar-feed: whether the lawyer's private calendar address is live. */
export const calendarFeedStateSchema = z.object({ active: z.boolean(), created_at: z.string().nullable() });
export type CalendarFeedState = z.infer<typeof calendarFeedStateSchema>;
/** POST /api/user/calendar-feed: a new address; shown once, only its hash is stored. */
export const newCalendarFeedSchema = calendarFeedStateSchema.extend({ url: z.string() });
export type NewCalendarFeed = z.infer<typeof newCalendarFeedSchema>;

/** GET …/payment/{offerUrl}/document/status (decision 021): whether the payer's document is ready. */
export const payerDocumentStatusSchema = z.discriminatedUnion('ready', [
  z.object({ ready: z.literal(false), kind: z.null(), file_name: z.null() }),
  z.object({
    ready: z.literal(true),
    kind: z.enum(['substitution', 'authorisation']),
    file_name: z.string(),
  }),
]);
export type PayerDocumentStatus = z.infer<typeof payerDocumentStatusSchema>;

/** POST /api/public/offer/accept, /page, /dispute: the secret token of the "job done" mail. */
export const acceptTokenSchema = z.object({
  token: z.string({ error: 'validation.fieldRequired' }).min(1).max(200),
});
export type AcceptToken = z.infer<typeof acceptTokenSchema>;

/** POST /api/public/offer/accept: the client's confirmation, given now or before. */
export const offerAcceptedSchema = z.object({ status: z.literal('accepted'), acceptedAt: z.string() });
export type OfferAccepted = z.infer<typeof offerAcceptedSchema>;

/** GET /api/admin/disputes: open disputes first, then the latest resolved. */
export const adminDisputeListSchema = z.object({ items: z.array(adminDisputeDtoSchema) });
export type AdminDisputeList = z.infer<typeof adminDisputeListSchema>;

/** Path of POST /api/public/profile/{seolink}/payment/{offerUrl} and its document routes. */
export const paymentParamsSchema = z.object({
  seolink: z.string().min(1).max(200),
  offerUrl: z.string().min(1).max(200),
});

/**
 * POST /api/public/profile/{seolink}/payment/{offerUrl}: spec 7's payload; `locale` (optional)
 * chooses the language of the client's mails and pages; `hearing` (optional, issue 23) is what
 * the client adds to or corrects in the hearing's details, checked against `clock`.
 */
export const paymentStartRequestSchemaWith = (clock: () => Date) =>
  paymentRequestSchema.extend({
    locale: z.enum(LOCALES).optional(),
    hearing: hearingInputSchemaWith(clock).nullish(),
  });
export type PaymentStartRequest = z.input<ReturnType<typeof paymentStartRequestSchemaWith>>;
