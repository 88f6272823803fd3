import { groszeToDecimalString, isOfferPayable, type OfferDto, type PublicOfferDto } from '@substytut/shared';
import type { OfferRow } from '../../db/schema.ts';

/** The one way an offer row becomes what the API answers: the public page's fields, and more. */

export const fullNameOf = (p: { firstname: string; lastname: string }) =>
  [p.firstname, p.lastname].filter((s) => s !== '').join(' ');

export function absoluteOfferUrl(publicUrl: string, seolink: string, offerUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/u/${encodeURIComponent(seolink)}?o=${encodeURIComponent(offerUrl)}`;
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
  return { ...offerFields(offer), error: !isOfferPayable(offer, now) };
}

/** The lawyer's (and the administrator's) offer. */
export function toOfferDto(
  offer: OfferRow,
  profile: { seolink: string | null; firstname: string; lastname: string },
  publicUrl: string,
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
  };
}
