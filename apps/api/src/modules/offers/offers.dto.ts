import {
  groszeToDecimalString,
  groszeToDecimalStringOrNull,
  isOfferPayable,
  toHearingDto,
  type HearingData,
  type HearingReportDto,
  type OfferDto,
  type PublicOfferDto,
  type SettlementDto,
} from '@substytut/shared';
import type { DbOrTx } from '../../db/client.ts';
import type { OfferRow } from '../../db/schema.ts';
import type { HearingReportRow, OfferRefundRow } from '../../db/schema/disputes.ts';
import type { ReportLines } from './mails/dispute-mails.ts';
import { payersOf, refundsOf } from './money.repo.ts';
import { reportsOf } from './offers.repo.ts';

/** The one way an offer row becomes what the API answers: the public page's fields, and more. */

export const fullNameOf = (p: { firstname: string; lastname: string }) =>
  [p.firstname, p.lastname].filter((s) => s !== '').join(' ');

export function absoluteOfferUrl(publicUrl: string, seolink: string, offerUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/u/${encodeURIComponent(seolink)}?o=${encodeURIComponent(offerUrl)}`;
}

/** The offer row's hearing columns (issue 23). */
export function hearingOf(offer: OfferRow): HearingData {
  return {
    courtId: offer.courtId,
    division: offer.courtDivision,
    caseNumber: offer.caseNumber,
    startsAt: offer.hearingAt,
    mode: offer.hearingMode,
    remoteLink: offer.remoteLink,
    party: offer.party,
  };
}

/** A hearing as the offer row's columns. */
export function hearingColumns(h: HearingData) {
  return {
    courtId: h.courtId,
    courtDivision: h.division,
    caseNumber: h.caseNumber,
    hearingAt: h.startsAt,
    hearingMode: h.mode,
    remoteLink: h.remoteLink,
    party: h.party,
  };
}

/** What anyone with the offer's link sees. */
function offerFields(offer: OfferRow) {
  return {
    title: offer.title,
    description: offer.description,
    price: groszeToDecimalString(offer.netGrosze),
    price_brutto: groszeToDecimalString(offer.grossGrosze),
    expireDate: offer.expireDate,
    status: offer.status,
    offerUrl: offer.offerUrl,
    cardUrl: offer.cardKey,
    court_cancellation_fee: groszeToDecimalStringOrNull(offer.courtCancellationFeeNetGrosze),
  };
}

/** The public page's offer; `error` when it can no longer be paid (the page hides its form). */
export function toPublicOfferDto(offer: OfferRow, now: Date): PublicOfferDto {
  return {
    ...offerFields(offer),
    error: !isOfferPayable(offer, now),
    hearing: toHearingDto(hearingOf(offer), false),
  };
}

/**
 * The lawyer's (and the administrator's) offer. `confidential`: the case number and the party are
 * shown (the lawyer's own offers); the administrator's list passes false.
 */
export function toOfferDto(
  offer: OfferRow,
  profile: { seolink: string | null; firstname: string; lastname: string },
  publicUrl: string,
  confidential = true,
): OfferDto {
  const seolink = profile.seolink ?? '';
  return {
    offerId: offer.id,
    profileId: offer.profileId,
    ...offerFields(offer),
    absoluteUrl: absoluteOfferUrl(publicUrl, seolink, offer.offerUrl),
    createDate: offer.createdAt.toISOString(),
    updateDate: offer.updatedAt.toISOString(),
    profile: { seolink, fullname: fullNameOf(profile) },
    hearing: toHearingDto(hearingOf(offer), confidential),
  };
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

export const reportLinesOf = (row: HearingReportRow): ReportLines => ({
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
    lawyer_answer: offer.disputeAnswer,
    lawyer_answered_at: offer.disputeAnsweredAt?.toISOString() ?? null,
    lawyer_answer_has_file: offer.disputeAnswerFileKey !== null,
  };
}

/** Adds the report and the settlement to offers the lawyer (or the administrator) reads. */
export async function withReports(deps: { db: DbOrTx }, rows: OfferRow[], dtos: OfferDto[]) {
  const ids = rows.map((row) => row.id);
  const [reports, refunds, payers] = await Promise.all([
    reportsOf(deps.db, ids),
    refundsOf(deps.db, ids),
    payersOf(deps.db, ids),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return dtos.map((dto) => {
    const row = byId.get(dto.offerId);
    const report = reports.get(dto.offerId);
    return {
      ...dto,
      report: report ? reportDtoOf(report) : null,
      settlement: row ? settlementOf(row, payers.get(row.id)?.price, refunds.get(row.id)) : null,
      // The fee the payment that paid it withholds (issue 34 §3): the card's "Otrzymasz …".
      fee_basis_points: payers.get(dto.offerId)?.feeBasisPoints ?? null,
    };
  });
}
