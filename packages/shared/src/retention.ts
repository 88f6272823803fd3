import type { Locale } from './locale.ts';
import type { OfferStatus } from './offer-status.ts';

/**
 * How long the product keeps personal data, in one place: the deletion and export code reads
 * these numbers and the privacy page (/privacy/data) prints them, so the two cannot disagree.
 */
export const RETENTION = {
  /**
   * Payments and invoice data of a deleted account or of a payer who asked for deletion: five
   * years from the end of the calendar year in which the tax on the payment was due (art. 86 § 1
   * and art. 70 § 1 of the Tax Ordinance, art. 112 of the VAT Act).
   */
  taxRecordsYears: 5,
  /** A finished data export can be downloaded once, within this many hours. */
  exportLinkHours: 24,
  /** A payer's confirmation link (export or deletion of their data) works this many hours. */
  dataRequestLinkHours: 24,
} as const;

/**
 * The day (UTC midnight) after which a tax record of a payment made at `paidAt` may be purged. The
 * tax on a payment falls due at the latest in the next calendar year (VAT for December is paid in
 * January), so the five years are counted from the end of that next year.
 */
export function taxRecordsKeptUntil(paidAt: Date): Date {
  return new Date(Date.UTC(paidAt.getUTCFullYear() + 2 + RETENTION.taxRecordsYears, 0, 1));
}

/**
 * Offer statuses that hold a client's money not yet settled with the lawyer: paid and not
 * confirmed or archived (payed, done), or a checkout under way (paystart). An account with such
 * an offer cannot be deleted: the client must still be able to confirm, dispute or be refunded.
 */
export const UNSETTLED_OFFER_STATUSES: readonly OfferStatus[] = [
  'paystart',
  'payed',
  'done',
  // issue 23: a dispute awaiting the administrator, a court cancellation awaiting its refund
  'disputed',
  'cancelled',
];

export function blocksAccountDeletion(status: OfferStatus): boolean {
  return UNSETTLED_OFFER_STATUSES.includes(status);
}

/** One line per kind of data: what is kept after deletion and for how long (privacy page, README of an export). */
export function retentionRules(locale: Locale): { what: string; kept: string }[] {
  const years = RETENTION.taxRecordsYears;
  if (locale === 'en') {
    return [
      {
        what: 'Profile, photo, CV, experience, references, offer descriptions and images, sessions and sign-in links',
        kept: 'deleted at once when the account is deleted; the public page answers "410 Gone" and leaves the sitemap',
      },
      {
        what: 'Payments, payouts and invoice data (names, addresses, NIP, amounts, dates)',
        kept: `kept for ${years} years from the end of the year in which the tax on them was due (tax law), stripped of everything else (phone numbers, e-mail addresses, descriptions); then deleted`,
      },
      {
        what: 'E-mails we sent you',
        kept: 'deleted with the account or, for a payer, on request',
      },
      {
        what: 'Data export (ZIP)',
        kept: `can be downloaded once, within ${RETENTION.exportLinkHours} hours; then deleted`,
      },
    ];
  }
  return [
    {
      what: 'Profil, zdjęcie, CV, doświadczenie, referencje, opisy i obrazy ofert, sesje i linki logowania',
      kept: 'usuwane od razu wraz z kontem; strona publiczna odpowiada „410 Gone” i znika z mapy strony',
    },
    {
      what: 'Płatności, wypłaty i dane do faktur (nazwy, adresy, NIP, kwoty, daty)',
      kept: `przechowywane przez ${years} lat od końca roku, w którym upłynął termin zapłaty podatku (przepisy podatkowe), bez żadnych innych danych (telefonów, adresów e-mail, opisów); potem usuwane`,
    },
    {
      what: 'Wysłane do Ciebie wiadomości e-mail',
      kept: 'usuwane wraz z kontem, a w przypadku płatnika — na jego żądanie',
    },
    {
      what: 'Eksport danych (ZIP)',
      kept: `można go pobrać jeden raz, w ciągu ${RETENTION.exportLinkHours} godzin; potem jest usuwany`,
    },
  ];
}
