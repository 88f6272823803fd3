/**
 * The site's languages. This module imports nothing, so the page's first script can use it
 * (components/hydration/hydrate-on-intent.ts); config/paths.ts passes it on to everything else.
 */
export const LANGUAGES = ['pl', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'pl';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language named by the URL prefix, or null for an unprefixed URL. */
export function getPathLanguage(pathname: string): Language | null {
  const first = pathname.split('/')[1];
  return isLanguage(first) ? first : null;
}
