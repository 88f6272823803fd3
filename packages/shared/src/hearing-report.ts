import { z } from 'zod';
import { warsawDateTimeParts, warsawDateTimeToIso } from './hearing-time.ts';
import type { Locale } from './locale.ts';
import { requiredText, textField } from './validation/fields.ts';

/**
 * The hearing report a lawyer files to mark a job done (issue 23), the client's dispute and the
 * administrator's resolution. Decision 020 records the choices.
 */
export const HEARING_OUTCOMES = ['held', 'adjourned', 'cancelled_by_court', 'not_held'] as const;
export type HearingOutcome = (typeof HEARING_OUTCOMES)[number];

export const HEARING_NOTES_MAX_LENGTH = 2000;
export const DISPUTE_REASON_MIN_LENGTH = 10;
export const DISPUTE_REASON_MAX_LENGTH = 2000;
export const RESOLUTION_REASON_MIN_LENGTH = 10;
export const RESOLUTION_REASON_MAX_LENGTH = 2000;

export const DISPUTE_RESOLUTIONS = ['release', 'refund'] as const;
export type DisputeResolution = (typeof DISPUTE_RESOLUTIONS)[number];

export const REFUND_CAUSES = ['dispute', 'court_cancelled'] as const;
export type RefundCause = (typeof REFUND_CAUSES)[number];

/**
 * 'YYYY-MM-DDTHH:mm' (what <input type="datetime-local"> sends) read as Warsaw wall time; null
 * when it is not a real minute of the calendar.
 */
export function warsawWallTimeToDate(text: string): Date | null {
  const [date = '', time = ''] = text.split('T');
  const iso = warsawDateTimeToIso(date, time);
  return iso ? new Date(iso) : null;
}

/** An instant as 'YYYY-MM-DDTHH:mm' Warsaw wall time (for a datetime-local field). */
export function dateToWarsawWallTime(date: Date): string {
  const { date: day, time } = warsawDateTimeParts(date);
  return `${day}T${time}`;
}

/**
 * Issue 30: no money moves before the hearing. With a hearing date, a report can be filed from the
 * hearing's start (the instant stored, Europe/Warsaw wall time as the lawyer typed it); an offer
 * without a date can be reported at once.
 */
export function canFileReportAt(hearingStartsAt: Date | null, now: Date): boolean {
  return hearingStartsAt === null || now.getTime() >= hearingStartsAt.getTime();
}

/**
 * The report's fields as the form (multipart text fields) sends them. An adjourned hearing needs
 * its next date, which lies after the report is filed; the other outcomes carry none.
 */
export function hearingReportSchemaAt(now: () => Date) {
  return z
    .object({
      outcome: z.enum(HEARING_OUTCOMES, { error: 'validation.hearingOutcome' }),
      next_hearing_at: textField('validation.dateInvalid').nullish(),
      notes: textField(undefined, { multiline: true })
        .max(HEARING_NOTES_MAX_LENGTH, 'validation.tooLong')
        .nullish()
        .transform((v) => v ?? ''),
    })
    .transform((value, ctx) => {
      let nextHearingAt: Date | null = null;
      if (value.outcome === 'adjourned') {
        if (!value.next_hearing_at) {
          ctx.issues.push({
            code: 'custom',
            path: ['next_hearing_at'],
            message: 'validation.fillField',
            input: '',
          });
          return z.NEVER;
        }
        nextHearingAt = warsawWallTimeToDate(value.next_hearing_at);
        if (!nextHearingAt) {
          ctx.issues.push({
            code: 'custom',
            path: ['next_hearing_at'],
            message: 'validation.dateInvalid',
            input: value.next_hearing_at,
          });
          return z.NEVER;
        }
        if (nextHearingAt.getTime() <= now().getTime()) {
          ctx.issues.push({
            code: 'custom',
            path: ['next_hearing_at'],
            message: 'validation.nextHearingInPast',
            input: value.next_hearing_at,
          });
          return z.NEVER;
        }
      }
      return { outcome: value.outcome, nextHearingAt, notes: value.notes };
    });
}
export type HearingReportData = z.output<ReturnType<typeof hearingReportSchemaAt>>;

/** The client's dispute, sent with the secret token of the acceptance link. */
export const disputeSchema = z.object({
  reason: requiredText({
    required: 'validation.fillField',
    min: DISPUTE_REASON_MIN_LENGTH,
    minMessage: 'validation.reasonTooShort',
    max: DISPUTE_REASON_MAX_LENGTH,
    multiline: true,
  }),
});

/**
 * The administrator's resolution. A refund names its amount in whole grosze (at least 1); the
 * service checks it against what was paid. A release carries no amount.
 */
export const disputeResolutionSchema = z
  .object({
    decision: z.enum(DISPUTE_RESOLUTIONS, { error: 'validation.invalid' }),
    amount_grosze: z.number({ error: 'validation.refundAmount' }).int('validation.refundAmount').nullish(),
    reason: requiredText({
      required: 'validation.fillField',
      min: RESOLUTION_REASON_MIN_LENGTH,
      minMessage: 'validation.reasonTooShort',
      max: RESOLUTION_REASON_MAX_LENGTH,
      multiline: true,
    }),
  })
  .superRefine((value, ctx) => {
    if (
      value.decision === 'refund' &&
      !(typeof value.amount_grosze === 'number' && value.amount_grosze >= 1)
    ) {
      ctx.addIssue({ code: 'custom', path: ['amount_grosze'], message: 'validation.refundAmount' });
    }
    if (value.decision === 'release' && value.amount_grosze != null) {
      ctx.addIssue({ code: 'custom', path: ['amount_grosze'], message: 'validation.invalid' });
    }
  });
export type DisputeResolutionData = z.output<typeof disputeResolutionSchema>;

/** A refund is whole grosze, above 0 and never more than is left of the payment. */
export function isValidRefund(amount: number, paid: number, alreadyRefunded = 0): boolean {
  return Number.isInteger(amount) && amount >= 1 && amount + alreadyRefunded <= paid;
}

export const HEARING_OUTCOME_LABELS: Record<Locale, Record<HearingOutcome, string>> = {
  pl: {
    held: 'Rozprawa odbyła się',
    adjourned: 'Rozprawa odroczona',
    cancelled_by_court: 'Rozprawa odwołana przez sąd',
    not_held: 'Rozprawa nie odbyła się',
  },
  en: {
    held: 'The hearing took place',
    adjourned: 'The hearing was adjourned',
    cancelled_by_court: 'The hearing was cancelled by the court',
    not_held: 'The hearing did not take place',
  },
};

/** The report as the lawyer, the payer and the administrator see it. */
export const hearingReportDtoSchema = z.object({
  outcome: z.enum(HEARING_OUTCOMES),
  /** ISO instant, adjourned only */
  next_hearing_at: z.string().nullable(),
  notes: z.string(),
  has_minutes: z.boolean(),
  created_at: z.string(),
});
export type HearingReportDto = z.infer<typeof hearingReportDtoSchema>;

/**
 * Where the money of a disputed or cancelled offer stands: the client's reason, the
 * administrator's decision and the refund (grosze).
 */
export const settlementDtoSchema = z.object({
  paid_grosze: z.number().int(),
  disputed_at: z.string().nullable(),
  dispute_reason: z.string().nullable(),
  resolved_at: z.string().nullable(),
  resolution: z.enum(DISPUTE_RESOLUTIONS).nullable(),
  resolution_reason: z.string().nullable(),
  refund_grosze: z.number().int().nullable(),
  refund_cause: z.enum(REFUND_CAUSES).nullable(),
  /** false while the provider has not yet taken the refund */
  refund_sent: z.boolean(),
  /** the lawyer's answer to the client's reason (issue 34, decision 044); one round */
  lawyer_answer: z.string().nullable(),
  lawyer_answered_at: z.string().nullable(),
  /** the answer came with a file (the minutes' rules) */
  lawyer_answer_has_file: z.boolean(),
});
export type SettlementDto = z.infer<typeof settlementDtoSchema>;

/** POST /public/offer/page and /public/offer/dispute: what the acceptance page shows. */
export const acceptancePageDtoSchema = z.object({
  status: z.enum(['done', 'accepted', 'disputed', 'resolved']),
  acceptedAt: z.string().nullable(),
  offer_title: z.string(),
  lawyer_name: z.string(),
  closes_at: z.string().nullable(),
  report: hearingReportDtoSchema.nullable(),
  settlement: settlementDtoSchema.nullable(),
});
export type AcceptancePageDto = z.infer<typeof acceptancePageDtoSchema>;

/** GET /admin/disputes: one row per disputed (or resolved) offer. */
export const adminDisputeDtoSchema = z.object({
  offer_id: z.number().int(),
  title: z.string(),
  status: z.string(),
  lawyer_name: z.string(),
  lawyer_email: z.string(),
  /** issue 34: both sides' contacts, so the administrator can ask either */
  lawyer_phone: z.string().nullable(),
  client_name: z.string().nullable(),
  client_email: z.string().nullable(),
  client_phone: z.string().nullable(),
  paid_grosze: z.number().int(),
  /** the platform's fee on payouts, so the decision's dialog states what the lawyer receives */
  platform_fee_percent: z.number(),
  report: hearingReportDtoSchema.nullable(),
  settlement: settlementDtoSchema.nullable(),
});
export type AdminDisputeDto = z.infer<typeof adminDisputeDtoSchema>;

/** POST /admin/disputes/{offerId}. */
export const disputeResolvedDtoSchema = z.object({
  offer_id: z.number().int(),
  status: z.literal('resolved'),
  settlement: settlementDtoSchema.nullable(),
});
