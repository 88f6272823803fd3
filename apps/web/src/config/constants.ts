/** Used until (or when) GET /api/config/public does not answer. */
export const DEFAULT_BOOKING_URL = 'https://calendly.com/substytut/zalozenie-profilu';
export const SUPPORT_EMAIL = 'kontakt@substytut.pl';
export const PRODUCT_NAME = 'Substytut';
export const NOT_FOUND_REDIRECT_MS = 5000;
export const TOAST_AUTO_CLOSE_MS = 5000;
export const TOOLTIP_DELAY_MS = 100;
export const HOVER_CARD_OPEN_MS = 700;
export const HOVER_CARD_CLOSE_MS = 300;

/** Company data shown in the footer and in structured data. NIP passes the checksum. */
export const COMPANY = {
  name: 'Substytut sp. z o.o.',
  street: 'ul. Prosta 20/4',
  postcode: '00-850',
  city: 'Warszawa',
  krs: '0001098765',
  nip: '5252987652',
  regon: '528134795',
  email: SUPPORT_EMAIL,
} as const;
