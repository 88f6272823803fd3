import { randomBytes } from 'node:crypto';
import {
  canFileReportAt,
  CV_MAX_BYTES,
  acceptanceClosesAt,
  firstIssueByPath,
  hearingReportSchemaAt,
  isValidRefund,
  type DisputeResolutionData,
  type HearingReportDto,
  type OfferDto,
  type SettlementDto,
} from '@substytut/shared';
import type { Tx } from '../../../db/client.ts';
import type { HearingReportRow, OfferRefundRow } from '../../../db/schema/disputes.ts';
import type { OfferRow } from '../../../db/schema.ts';
import { AppError, conflict, isAppError, validationFailed } from '../../app/errors.ts';
import { hashToken, newSecretToken } from '../../app/token-crypto.ts';
import { enqueueMail } from '../../mail/index.ts';
import {
  courtCancelledClientMail,
  courtCancelledLawyerMail,
  disputeOpenedAdminMail,
  disputeOpenedLawyerMail,
  disputeResolvedMail,
  type ReportLines,
} from '../mails/dispute-mails.ts';
import { PaymentProviderError } from '../../payments/payments.port.ts';
import { wrongFileFormat, fileTooLarge } from '../../profile/profile.errors.ts';
import { detectCvType } from '../../profile/profile.uploads.ts';
import type { Storage } from '../../storage/storage.ts';
import { mailContextOf, type LifecycleDeps } from '../offers.deps.ts';
import { fullNameOf, toOfferDto } from '../offers.dto.ts';
import { acceptanceClosed, acceptanceInvalid, offerNotFound } from '../offers.errors.ts';
import { offerDoneMail } from '../mails/done-mail.ts';
import { releasePayout, sendPendingPayouts } from '../money/payouts.ts';
import {
  findOfferIdByAcceptanceToken,
  findOfferWithLawyer,
  findPaidPayment,
  lockOffer,
  type OfferWithLawyer,
} from '../money.repo.ts';
import {
  adminRecipients,
  findOfferById,
  findPendingRefunds,
  insertHearingReport,
  insertRefund,
  listDisputes,
  markRefundFailed,
  markRefundSent,
  paidAmountsOf,
  refundsOf,
  reportsOf,
} from '../offers.disputes.repo.ts';
import {
  INVALID_TRANSITION,
  findOwnOffer,
  findProfileOfUser,
  invalidTransition,
  transitionOffer,
} from '../offers.repo.ts';

/** Issue 23: the hearing report, the client's dispute, the administrator's resolution, refunds. */

export interface DisputesDeps extends LifecycleDeps {
  storage: Storage;
}

/** Issue 30: a report before the hearing's start would pay the lawyer before the hearing. */
export const reportBeforeHearing = () => conflict('offers.report_before_hearing');

export const reportRequired = () =>
  new AppError(400, 'offers.report_required', undefined, { outcome: 'offers.report_required' });
export const refundTooLarge = () =>
  new AppError(400, 'offers.refund_too_large', undefined, { amount_grosze: 'offers.refund_too_large' });
export const notDisputed = () => new AppError(409, 'offers.not_disputed');

/** The minutes of a hearing: a PDF by its bytes, within the CV's size limit (the CV's rules). */
export function checkMinutes(bytes: Buffer): Buffer {
  if (bytes.length > CV_MAX_BYTES) throw fileTooLarge();
  const detected = bytes.length === 0 ? null : detectCvType(bytes);
  if (!detected || detected.extension !== '.pdf') throw wrongFileFormat();
  return bytes;
}

export function reportDtoOf(row: HearingReportRow): HearingReportDto {
  return {
    outcome: row.outcome,
    next_hearing_at: row.nextHearingAt?.toISOString() ?? null,
    notes: row.notes,
    has_minutes: row.minutesKey !== null,
    created_at: row.createdAt.toISOString(),
  };
}

const reportLinesOf = (row: HearingReportRow): ReportLines => ({
  outcome: row.outcome,
  nextHearingAt: row.nextHearingAt,
  notes: row.notes,
  hasMinutes: row.minutesKey !== null,
});

/** null while the offer was neither disputed nor refunded. */
export function settlementOf(
  offer: OfferRow,
  paid: number | undefined,
  refund: OfferRefundRow | undefined,
): SettlementDto | null {
  if (!offer.disputedAt && !refund) return null;
  return {
    paid_grosze: paid ?? offer.grossGrosze,
    disputed_at: offer.disputedAt?.toISOString() ?? null,
    dispute_reason: offer.disputeReason,
    resolved_at: offer.resolvedAt?.toISOString() ?? null,
    resolution: offer.resolution,
    resolution_reason: offer.resolutionReason,
    refund_grosze: refund?.amountGrosze ?? null,
    refund_cause: refund?.cause ?? null,
    refund_sent: refund?.providerRefundRef != null,
  };
}

/** Adds the report and the settlement to offers the lawyer (or the administrator) reads. */
export async function withReports(deps: Pick<LifecycleDeps, 'db'>, rows: OfferRow[], dtos: OfferDto[]) {
  const ids = rows.map((row) => row.id);
  const [reports, refunds, paid] = await Promise.all([
    reportsOf(deps.db, ids),
    refundsOf(deps.db, ids),
    paidAmountsOf(deps.db, ids),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return dtos.map((dto) => {
    const row = byId.get(dto.offerId);
    const report = reports.get(dto.offerId);
    return {
      ...dto,
      report: report ? reportDtoOf(report) : null,
      settlement: row ? settlementOf(row, paid.get(row.id), refunds.get(row.id)) : null,
    };
  });
}

export interface ReportInput {
  fields: Record<string, unknown> | null;
  minutes: Buffer | null;
}

/**
 * PUT /user/offer/{id}/done with the hearing report. Held, adjourned or not held: payed → done,
 * the client mailed the report and the acceptance link. Cancelled by the court: payed →
 * cancelled, the whole payment refunded through the payments port, both sides told. One
 * transaction per outcome; the refund is sent after it committed (and retried by the clock).
 */
export async function fileHearingReport(
  deps: DisputesDeps,
  user: { id: string },
  offerId: number,
  input: ReportInput,
): Promise<OfferDto> {
  const profile = await findProfileOfUser(deps.db, user.id);
  const offer = profile ? await findOwnOffer(deps.db, profile.id, offerId) : null;
  if (!profile || !offer) throw offerNotFound();
  if (!input.fields || input.fields.outcome === undefined || input.fields.outcome === '')
    throw reportRequired();
  const now = deps.clock.now();
  const parsed = hearingReportSchemaAt(() => now).safeParse(input.fields);
  if (!parsed.success) throw validationFailed(firstIssueByPath(parsed.error));
  const report = parsed.data;
  if (offer.status !== 'payed') throw invalidTransition();
  if (!canFileReportAt(offer.hearingAt, now)) throw reportBeforeHearing();

  const minutes = input.minutes ? checkMinutes(input.minutes) : null;
  const minutesKey = minutes ? `private/minutes/${randomBytes(16).toString('hex')}.pdf` : null;
  if (minutes && minutesKey) await deps.storage.put(minutesKey, minutes, 'application/pdf');

  const context = mailContextOf(deps);
  const cancelled = report.outcome === 'cancelled_by_court';
  let updated: OfferRow;
  try {
    updated = await deps.db.transaction(async (tx) => {
      const token = newSecretToken();
      const row = cancelled
        ? await transitionOffer(tx, offerId, 'reportCourtCancelled', 'provider', now, {
            profileId: profile.id,
          })
        : await transitionOffer(tx, offerId, 'markDone', 'provider', now, {
            profileId: profile.id,
            acceptanceTokenHash: hashToken(token),
          });
      const saved = await insertHearingReport(tx, {
        offerId,
        outcome: report.outcome,
        nextHearingAt: report.nextHearingAt,
        notes: report.notes,
        minutesKey,
        createdAt: now,
      });
      const payment = await findPaidPayment(tx, offerId);
      const found = await findOfferWithLawyer(tx, offerId);
      if (!payment || !found) {
        // A payed offer always has its paid payment; without one nobody could be told or refunded.
        deps.log.error({ offerId }, 'hearing report on an offer without a paid payment');
        return row;
      }
      if (cancelled) {
        const refund = await insertRefund(tx, {
          offerId,
          amountGrosze: payment.price,
          cause: 'court_cancelled',
          reason: report.notes || 'cancelled_by_court',
          createdAt: now,
        });
        await deps.invoicing.refundMade(tx, refund, now);
        const mail = { offerTitle: row.title, amount: payment.price, notes: report.notes };
        await enqueueMail(
          tx,
          courtCancelledClientMail({ ...mail, locale: payment.locale, to: payment.email }, context),
          now,
        );
        await enqueueMail(
          tx,
          courtCancelledLawyerMail({ ...mail, locale: found.lawyer.locale, to: found.lawyer.email }, context),
          now,
        );
      } else {
        await enqueueMail(
          tx,
          offerDoneMail(
            {
              locale: payment.locale,
              to: payment.email,
              token,
              lawyerName: fullNameOf(profile),
              offerTitle: row.title,
              grossGrosze: row.grossGrosze,
              acceptanceWindowDays: deps.config.acceptanceWindowDays,
              report: reportLinesOf(saved),
            },
            context,
          ),
          now,
        );
      }
      return row;
    });
  } catch (error) {
    if (minutesKey) await deps.storage.delete(minutesKey).catch(() => undefined);
    throw error;
  }
  if (cancelled) await sendPendingRefunds(deps, offerId);
  const [dto] = await withReports(deps, [updated], [toOfferDto(updated, profile, deps.config.publicUrl)]);
  if (!dto) throw new Error('offer vanished');
  return dto;
}

/** What the acceptance page shows: the status, the report, and the dispute's state. */
export interface AcceptancePage {
  status: 'done' | 'accepted' | 'disputed' | 'resolved';
  acceptedAt: string | null;
  offer_title: string;
  lawyer_name: string;
  /** when the window to confirm or dispute closes (ISO) */
  closes_at: string | null;
  report: HearingReportDto | null;
  settlement: SettlementDto | null;
}

async function offerOfToken(deps: LifecycleDeps, token: string): Promise<OfferWithLawyer> {
  const offerId = await findOfferIdByAcceptanceToken(deps.db, hashToken(token));
  const found = offerId === null ? null : await findOfferWithLawyer(deps.db, offerId);
  if (!found) throw acceptanceInvalid();
  return found;
}

/** The page's state under an acceptance token; the same errors as confirming. */
export async function acceptancePageOf(deps: LifecycleDeps, token: string): Promise<AcceptancePage> {
  const { offer, profile } = await offerOfToken(deps, token);
  if (offer.status === 'archive') throw acceptanceClosed();
  if (!['done', 'accepted', 'disputed', 'resolved'].includes(offer.status)) throw acceptanceInvalid();
  const [reports, refunds, paid] = await Promise.all([
    reportsOf(deps.db, [offer.id]),
    refundsOf(deps.db, [offer.id]),
    paidAmountsOf(deps.db, [offer.id]),
  ]);
  const report = reports.get(offer.id);
  return {
    status: offer.status as AcceptancePage['status'],
    acceptedAt: offer.acceptedAt?.toISOString() ?? null,
    offer_title: offer.title,
    lawyer_name: fullNameOf(profile),
    closes_at: offer.doneAt
      ? acceptanceClosesAt(offer.doneAt, deps.config.acceptanceWindowDays).toISOString()
      : null,
    report: report ? reportDtoOf(report) : null,
    settlement: settlementOf(offer, paid.get(offer.id), refunds.get(offer.id)),
  };
}

/**
 * POST /public/offer/dispute: the holder of the acceptance link (the payer: the link is only in
 * their mail) disputes instead of confirming, while the acceptance window is open. done →
 * disputed in one conditional update; the payout stays frozen (the clock archives only `done`),
 * the lawyer and the administrators are mailed in the same transaction. A repeated or racing
 * click answers the disputed state and changes nothing.
 */
export async function disputeOffer(
  deps: LifecycleDeps,
  token: string,
  reason: string,
): Promise<AcceptancePage> {
  const found = await offerOfToken(deps, token);
  const now = deps.clock.now();
  if (found.offer.status === 'done') {
    const doneAt = found.offer.doneAt ?? now;
    if (acceptanceClosesAt(doneAt, deps.config.acceptanceWindowDays).getTime() <= now.getTime()) {
      throw acceptanceClosed();
    }
    await deps.db.transaction(async (tx) => {
      let row: OfferRow;
      try {
        row = await transitionOffer(tx, found.offer.id, 'dispute', 'client', now, { disputeReason: reason });
      } catch (error) {
        // Another click or the clock came first; the state read below tells which.
        if (isAppError(error) && error.code === INVALID_TRANSITION) return;
        throw error;
      }
      await tellOfDispute(deps, tx, { ...found, offer: row }, reason, now);
    });
  }
  const page = await acceptancePageOf(deps, token);
  if (page.status !== 'disputed' && page.status !== 'resolved') throw invalidTransition();
  return page;
}

async function tellOfDispute(deps: LifecycleDeps, tx: Tx, found: OfferWithLawyer, reason: string, now: Date) {
  const context = mailContextOf(deps);
  const payment = await findPaidPayment(tx, found.offer.id);
  const reports = await reportsOf(tx, [found.offer.id]);
  const report = reports.get(found.offer.id);
  const base = {
    offerTitle: found.offer.title,
    reason,
    amount: payment?.price ?? found.offer.grossGrosze,
    report: report ? reportLinesOf(report) : null,
  };
  await enqueueMail(
    tx,
    disputeOpenedLawyerMail({ ...base, locale: found.lawyer.locale, to: found.lawyer.email }, context),
    now,
  );
  const admins = await adminRecipients(tx);
  if (admins.length === 0)
    deps.log.error({ offerId: found.offer.id }, 'a dispute and no administrator to tell');
  for (const admin of admins) {
    await enqueueMail(
      tx,
      disputeOpenedAdminMail({ ...base, locale: admin.locale, to: admin.email }, context),
      now,
    );
  }
}

/**
 * POST /admin/disputes/{offerId}: the administrator releases the payout or refunds the client in
 * full or in part (never more than was paid), with a written reason both sides receive.
 * disputed → resolved, the refund row and the payout of what is left are recorded in one
 * transaction; the provider calls follow it (and the clock retries them).
 */
export async function resolveDispute(
  deps: LifecycleDeps,
  offerId: number,
  data: DisputeResolutionData,
): Promise<{ offer_id: number; status: 'resolved'; settlement: SettlementDto | null }> {
  const offer = await findOfferById(deps.db, offerId);
  if (!offer) throw offerNotFound();
  if (offer.status !== 'disputed') throw notDisputed();
  const refund = data.decision === 'refund' ? (data.amount_grosze ?? 0) : 0;
  const now = deps.clock.now();
  const context = mailContextOf(deps);

  await deps.db.transaction(async (tx) => {
    await lockOffer(tx, offerId);
    const payment = await findPaidPayment(tx, offerId);
    if (!payment || payment.status !== 'paid' || !payment.paymentRef) {
      throw new AppError(409, 'offers.not_disputed');
    }
    if (data.decision === 'refund' && !isValidRefund(refund, payment.price)) throw refundTooLarge();
    let row: OfferRow;
    try {
      row = await transitionOffer(tx, offerId, 'resolveDispute', 'admin', now, {
        resolution: data.decision,
        resolutionReason: data.reason,
      });
    } catch (error) {
      if (isAppError(error) && error.code === INVALID_TRANSITION) throw notDisputed();
      throw error;
    }
    if (refund > 0) {
      const made = await insertRefund(tx, {
        offerId,
        amountGrosze: refund,
        cause: 'dispute',
        reason: data.reason,
        createdAt: now,
      });
      await deps.invoicing.refundMade(tx, made, now);
    }
    const found = await findOfferWithLawyer(tx, offerId);
    if (!found) return;
    // What the client does not get back goes to the lawyer, less the platform's fee.
    if (refund < payment.price) await releasePayout(deps, tx, found, 'resolved', now, refund);
    const base = { offerTitle: row.title, paid: payment.price, refund, reason: data.reason };
    await enqueueMail(
      tx,
      disputeResolvedMail({ ...base, locale: payment.locale, to: payment.email, side: 'client' }, context),
      now,
    );
    await enqueueMail(
      tx,
      disputeResolvedMail(
        { ...base, locale: found.lawyer.locale, to: found.lawyer.email, side: 'lawyer' },
        context,
      ),
      now,
    );
  });
  await sendPendingRefunds(deps, offerId);
  await sendPendingPayouts(deps, offerId);
  const after = await findOfferById(deps.db, offerId);
  if (!after) throw offerNotFound();
  const [refunds, paid] = await Promise.all([
    refundsOf(deps.db, [offerId]),
    paidAmountsOf(deps.db, [offerId]),
  ]);
  return {
    offer_id: offerId,
    status: 'resolved',
    settlement: settlementOf(after, paid.get(offerId), refunds.get(offerId)),
  };
}

/**
 * Sends the recorded refunds the provider has not taken yet. The idempotency key is the row's,
 * so a retry, a second instance or the clock job never refunds twice; a failure is kept for the
 * next run.
 */
export async function sendPendingRefunds(deps: LifecycleDeps, offerId?: number): Promise<number> {
  let sent = 0;
  for (const { refund, paymentRef, provider } of await findPendingRefunds(deps.db, offerId)) {
    if (provider !== deps.payments.provider.kind || !paymentRef) continue;
    try {
      const { refundId } = await deps.payments.refund({
        paymentRef,
        amount: refund.amountGrosze,
        reason: 'requested_by_customer',
        idempotencyKey: `offer-refund-${refund.id}`,
      });
      if (await markRefundSent(deps.db, refund.id, refundId, deps.clock.now())) sent += 1;
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      deps.log.error({ err: error, offerId: refund.offerId }, 'refund failed; will retry');
      await markRefundFailed(deps.db, refund.id, error.message);
    }
  }
  return sent;
}

/** GET /admin/disputes: open disputes, then the latest resolved, with the report and the amounts. */
export async function adminDisputes(deps: LifecycleDeps) {
  const rows = await listDisputes(deps.db);
  const ids = rows.map((r) => r.offer.id);
  const [reports, refunds, paid] = await Promise.all([
    reportsOf(deps.db, ids),
    refundsOf(deps.db, ids),
    paidAmountsOf(deps.db, ids),
  ]);
  return rows.map(({ offer, lawyer }) => {
    const report = reports.get(offer.id);
    return {
      offer_id: offer.id,
      title: offer.title,
      status: offer.status,
      lawyer_name: fullNameOf(lawyer),
      lawyer_email: lawyer.email,
      paid_grosze: paid.get(offer.id) ?? offer.grossGrosze,
      report: report ? reportDtoOf(report) : null,
      settlement: settlementOf(offer, paid.get(offer.id), refunds.get(offer.id)),
    };
  });
}

/** The storage key of an offer's minutes, or null. */
export async function minutesKeyOf(deps: Pick<LifecycleDeps, 'db'>, offerId: number): Promise<string | null> {
  return (await reportsOf(deps.db, [offerId])).get(offerId)?.minutesKey ?? null;
}

/** The minutes under an acceptance token (the payer's). */
export async function minutesKeyOfToken(deps: LifecycleDeps, token: string): Promise<string | null> {
  const { offer } = await offerOfToken(deps, token);
  return minutesKeyOf(deps, offer.id);
}
