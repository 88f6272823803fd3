import { OPERATOR as operator } from '@substytut/shared/operator';

/** Used until (or when) GET /api/config/public does not answer. */
export {
  DEFAULT_BOOKING_URL,
  DEFAULT_SUPPORT_EMAIL as SUPPORT_EMAIL,
} from '@substytut/shared/public-defaults';
export const PRODUCT_NAME = 'Substytut';
/** The page's <main>: the skip link's target, and where open menus are portalled (a landmark). */
export const MAIN_CONTENT_ID = 'main-content';
export const NOT_FOUND_REDIRECT_MS = 5000;
export const TOAST_AUTO_CLOSE_MS = 5000;
export const TOOLTIP_DELAY_MS = 100;
export const HOVER_CARD_OPEN_MS = 700;
export const HOVER_CARD_CLOSE_MS = 300;

/**
 * Company data shown in the footer and in structured data, from the operator file that the
 * e-mails and the legal PDFs read too (packages/shared/src/operator.json).
 */
export const COMPANY = {
  name: operator.name,
  street: operator.street,
  postcode: operator.postcode,
  city: operator.city.pl,
  krs: operator.krs,
  nip: operator.nip,
  regon: operator.regon,
  email: operator.email,
} as const;
