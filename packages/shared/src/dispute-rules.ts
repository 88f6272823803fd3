import { z } from 'zod';
import { ENGLISH_MONTHS } from './dates.ts';
import { grossFromNet } from './money.ts';
import { warsawDateTimeParts } from './hearing-time.ts';
import { isValidRefund, DISPUTE_REASON_MAX_LENGTH, DISPUTE_REASON_MIN_LENGTH } from './hearing-report.ts';
import type { Locale } from './locale.ts';
import { payoutOf } from './offer-rules.ts';
import { requiredText } from './validation/fields.ts';

/**
 * Issue 34 §2 (decision 044): the rules of a dispute both sides argue, the administrator's
 * decision stated in amounts, the court-cancellation fee, and deadlines read as the last moment.
 */

const GENITIVE_MONTHS = [
  'stycznia',
  'lutego',
  'marca',
  'kwietnia',
  'maja',
  'czerwca',
  'lipca',
  'sierpnia',
  'września',
  'października',
  'listopada',
  'grudnia',
];

/**
 * A deadline given as the instant it closes (the start of the next Warsaw day), read as the last
 * minute that still counts: '4 grudnia 2026, 23:59', never '5 grudnia 2026 00:00'. The page and
 * the mails use this one function.
 */
export function formatLastMoment(closesAt: Date | string, locale: Locale): string {
  const last = new Date(new Date(closesAt).getTime() - 60_000);
  const { date, time } = warsawDateTimeParts(last);
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const months = locale === 'pl' ? GENITIVE_MONTHS : ENGLISH_MONTHS;
  return `${day} ${months[month - 1]} ${year}, ${time}`;
}

/** A court-cancellation fee is whole grosze, above 0 and at most the offer's net price. */
export function isValidCourtCancellationFee(feeNetGrosze: number, offerNetGrosze: number): boolean {
  return Number.isInteger(feeNetGrosze) && feeNetGrosze >= 1 && feeNetGrosze <= offerNetGrosze;
}

/**
 * The court cancelled the hearing on the day: the lawyer keeps the offer's fee for turning up
 * (its net plus VAT as in offers, never more than was paid) and the client gets the rest back.
 * Without a fee the client gets everything back.
 */
export function courtCancellationSplit(
  paidGrosze: number,
  feeNetGrosze: number | null,
): { keptGrosze: number; refundGrosze: number } {
  const kept = feeNetGrosze && feeNetGrosze > 0 ? Math.min(paidGrosze, grossFromNet(feeNetGrosze)) : 0;
  return { keptGrosze: kept, refundGrosze: paidGrosze - kept };
}

/**
 * What the administrator's decision moves: the refund to the client, and the payout of the rest
 * to the lawyer after the platform's fee (the same `payoutOf` the payout uses). Null for a refund
 * the rules refuse.
 */
export function decisionAmounts(input: {
  paidGrosze: number;
  refundGrosze: number;
  feePercent: number;
}): { refundGrosze: number; payoutGrosze: number; feeGrosze: number } | null {
  const { paidGrosze, refundGrosze, feePercent } = input;
  if (refundGrosze !== 0 && !isValidRefund(refundGrosze, paidGrosze)) return null;
  if (!Number.isInteger(refundGrosze)) return null;
  const { amount, fee } = payoutOf(paidGrosze - refundGrosze, feePercent);
  return { refundGrosze, payoutGrosze: amount, feeGrosze: fee };
}

export const DISPUTE_ANSWER_MIN_LENGTH = DISPUTE_REASON_MIN_LENGTH;
export const DISPUTE_ANSWER_MAX_LENGTH = DISPUTE_REASON_MAX_LENGTH;

/** The lawyer's answer to a dispute (its optional file follows the minutes' rules). */
export const disputeAnswerSchema = z.object({
  text: requiredText({
    required: 'validation.fillField',
    min: DISPUTE_ANSWER_MIN_LENGTH,
    minMessage: 'validation.reasonTooShort',
    max: DISPUTE_ANSWER_MAX_LENGTH,
    multiline: true,
  }),
});
export type DisputeAnswerData = z.output<typeof disputeAnswerSchema>;
