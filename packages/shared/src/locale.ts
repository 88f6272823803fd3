/**
 * The product's languages: one type for the API, the web app and the mails. This module imports
 * nothing, so the smallest browser bundle can use it; the Accept-Language parser is in
 * accept-language.ts.
 */
export const LOCALES = ['pl', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
/** Polish is the product's language; English is offered beside it. */
export const DEFAULT_LOCALE: Locale = 'pl';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
