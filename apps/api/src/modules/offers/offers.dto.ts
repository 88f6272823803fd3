import {
  groszeToDecimalString,
  isOfferPayable,
  toHearingDto,
  type HearingData,
  type OfferDto,
  type PublicOfferDto,
} from '@substytut/shared';
import type { OfferRow } from '../../db/schema.ts';

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
