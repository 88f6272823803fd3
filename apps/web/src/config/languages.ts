import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@substytut/shared/locale';

/**
 * The site's languages are the product's locales (@substytut/shared/locale, which imports
 * nothing, so the page's first script can use it); config/paths.ts passes them on to everything
 * else under the names the web app uses.
 */
export const LANGUAGES = LOCALES;
export type Language = Locale;
export const DEFAULT_LANGUAGE: Language = DEFAULT_LOCALE;
export const isLanguage = isLocale;

/** The language named by the URL prefix, or null for an unprefixed URL. */
export function getPathLanguage(pathname: string): Language | null {
  const first = pathname.split('/')[1];
  return isLanguage(first) ? first : null;
}
