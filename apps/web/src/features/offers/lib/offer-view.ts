import {
  OFFER_SECTIONS,
  formatPln,
  offerExpiresAt,
  offerSectionOf,
  parsePlnToGrosze,
  storageUrl,
  timeLeft,
  type OfferDto,
  type OfferSection,
  type OfferStatus,
  type TimeLeft,
} from '@substytut/shared';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@/config/paths';

export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** Written out in full so the unused-key check of the locale files can see every key. */
export const STATUS_LABEL_KEYS = {
  active: 'status.active',
  paystart: 'status.paystart',
  payed: 'status.payed',
  done: 'status.done',
  accepted: 'status.accepted',
  archive: 'status.archive',
  expired: 'status.expired',
  disputed: 'status.disputed',
  cancelled: 'status.cancelled',
  refunded: 'status.refunded',
  resolved: 'status.resolved',
} as const satisfies Record<OfferStatus, string>;

export const SECTION_LABEL_KEYS = {
  active: 'sections.active',
  sent: 'sections.sent',
  archive: 'sections.archive',
} as const satisfies Record<OfferSection, string>;

/** The API sends money as decimal PLN strings ('123.00'); a malformed one counts as 0. */
export function groszeOf(decimal: string): number {
  return parsePlnToGrosze(decimal) ?? 0;
}

export function formatOfferPrice(decimal: string, language: Language): string {
  return formatPln(groszeOf(decimal), language);
}

export function cardImageUrl(offer: Pick<OfferDto, 'cardUrl'>): string | null {
  return offer.cardUrl ? storageUrl(offer.cardUrl) : null;
}

/**
 * Whether the card shows the payment link's expiry ("Ważna do", "Pozostało"): only while the link
 * is what the offer is about, unpaid or lapsed. Once paid the date that matters is the hearing's,
 * with the next step (issue 34).
 */
export function showsPaymentExpiry(status: OfferStatus): boolean {
  return status === 'active' || status === 'paystart' || status === 'expired';
}

/** What happens next on a paid offer still under way; written out for the locale key check. */
export const NEXT_STEP_KEYS: Partial<Record<OfferStatus, string>> = {
  payed: 'card.next.payed',
  done: 'card.next.done',
  disputed: 'card.next.disputed',
  cancelled: 'card.next.cancelled',
};

/** The offer can be paid through its whole expiry day (Warsaw time). */
export function offerTimeLeft(offer: Pick<OfferDto, 'expireDate'>, now: Date): TimeLeft | null {
  try {
    return timeLeft(offerExpiresAt(offer.expireDate.slice(0, 10)), now);
  } catch {
    return null;
  }
}

/** Offers per section, in display order, newest first, with empty sections left out (spec 2). */
export function groupOffers(offers: readonly OfferDto[]): { section: OfferSection; offers: OfferDto[] }[] {
  return OFFER_SECTIONS.map((section) => ({
    section,
    offers: offers
      .filter((offer) => offerSectionOf(offer.status) === section)
      // Newest first; ISO timestamps compare correctly as strings.
      .sort((a, b) => (a.createDate < b.createDate ? 1 : a.createDate > b.createDate ? -1 : 0)),
  })).filter((group) => group.offers.length > 0);
}
