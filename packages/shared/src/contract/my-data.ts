import { z } from 'zod';
import { LOCALES } from '../locale.ts';

/**
 * "My data" (GDPR art. 15, 17, 20): the lawyer's export and deletion check, the administrator's
 * deletion, and a payer's requests confirmed by e-mail (decision 034).
 */

/**
 * A moment as the API sends it: the server holds a Date, the wire and the web an ISO 8601 text
 * (the same text JSON.stringify made of the Date before these shapes were declared).
 */
const timestamp = z.codec(z.iso.datetime(), z.date(), {
  decode: (text) => new Date(text),
  encode: (date) => date.toISOString(),
});

export const DATA_EXPORT_STATUSES = ['pending', 'ready', 'downloaded', 'failed', 'expired'] as const;

/** GET and POST /api/me/data-export (GET answers null before the first export). */
export const dataExportStatusSchema = z.object({
  id: z.string(),
  status: z.enum(DATA_EXPORT_STATUSES),
  /** 0–100 */
  progress: z.number().int(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  size: z.number().int().nullable(),
});
export type DataExportStatus = z.infer<typeof dataExportStatusSchema>;

/** GET /api/me/deletion: whether the owner may delete the account now, and how they confirm it. */
export const deletionCheckSchema = z.object({
  allowed: z.boolean(),
  /** the refusal's error code (my_data.*), when not allowed */
  code: z.string().nullable(),
  message: z.string().nullable(),
  /** how the owner confirms it is them: the password, or Google for an account without one */
  confirm_with: z.enum(['password', 'google']),
  /**
   * Issue 34: how many invoices the lawyer's offers carry; the deletion first offers them as a ZIP
   * (GET /api/me/invoice-archive), since the lawyer must keep them for five years.
   */
  invoices: z.number().int(),
});
export type DeletionCheck = z.infer<typeof deletionCheckSchema>;

/** The answer of a request that only reports it was taken (deletions, payer requests). */
export const successMessageSchema = z.object({ success: z.literal(true), message: z.string() });
export type SuccessMessage = z.infer<typeof successMessageSchema>;

/** POST /api/data-requests: the answer is the same whether or not data is held for the address. */
export const dataRequestSchema = z.object({
  email: z.email().max(254),
  kind: z.enum(['export', 'delete']),
  locale: z.enum(LOCALES).optional(),
});
export type DataRequest = z.input<typeof dataRequestSchema>;

/** POST /api/data-requests/confirm: the mailed token, usable once. */
export const dataRequestConfirmSchema = z.object({
  token: z.string().min(1).max(200),
  locale: z.enum(LOCALES).optional(),
});
export type DataRequestConfirm = z.input<typeof dataRequestConfirmSchema>;

/** What is held for a payer's address: payments, mails sent to it, contact-form messages. */
export const payerDataSchema = z.object({
  email: z.string(),
  /** every column the payment row holds for the payer, as stored */
  payments: z.array(z.record(z.string(), z.unknown())),
  mails: z.array(
    z.object({
      subject: z.string(),
      text: z.string(),
      status: z.string(),
      createdAt: timestamp,
      sentAt: timestamp.nullable(),
    }),
  ),
  contactMessages: z.array(z.record(z.string(), z.unknown())),
});
/** As the web reads it (timestamps are ISO texts). */
export type PayerData = z.input<typeof payerDataSchema>;

export const dataRequestResultSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('export'), data: payerDataSchema }),
  z.object({ kind: z.literal('delete'), message: z.string() }),
]);
/** As the web reads it; the server returns z.output (with Dates). */
export type DataRequestResult = z.input<typeof dataRequestResultSchema>;
