import Negotiator from 'negotiator';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './locale.ts';

/**
 * The locale a client ranks highest in its Accept-Language header (RFC 9110: weights, language
 * ranges like 'en-GB' matching 'en', '*'), or null when it names neither. Server-side only: the
 * browser reads navigator.languages instead.
 */
export function acceptedLocale(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const [best] = new Negotiator({ headers: { 'accept-language': header } }).languages([...LOCALES]);
  return (best as Locale | undefined) ?? null;
}

/** The locale to answer a request in: the client's preference, Polish when it names neither. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  return acceptedLocale(header) ?? DEFAULT_LOCALE;
}
