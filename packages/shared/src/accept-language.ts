import Negotiator from 'negotiator';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './locale.ts';

/**
 * The locale a client ranks highest in its Accept-Language header (RFC 9110: weights, language
 * ranges like 'en-GB' matching 'en', '*'), or null when it names neither. Between equal weights the
 * client's own order decides (RFC 4647 lookup): negotiator alone prefers an exact match, so it would
 * read 'en-GB,pl' as Polish. Server-side only: the browser reads navigator.languages instead.
 */
export function acceptedLocale(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const negotiator = new Negotiator({ headers: { 'accept-language': header } });
  const acceptable = negotiator.languages([...LOCALES]) as Locale[];
  for (const tag of negotiator.languages()) {
    if (tag === '*') return acceptable[0] ?? null;
    const primary = tag.split('-')[0]!.toLowerCase() as Locale;
    if (acceptable.includes(primary)) return primary;
  }
  return acceptable[0] ?? null;
}

/** The locale to answer a request in: the client's preference, Polish when it names neither. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  return acceptedLocale(header) ?? DEFAULT_LOCALE;
}
