import { DEFAULT_LANGUAGE, getPathLanguage, isLanguage, type Language } from '@/config/languages';
import { readStoredLanguage } from '@/lib/language-detection';

/*
 * Which language a component test renders in, as a visitor's browser would have it: the server
 * decides it for real pages (app/request-language.ts), so this lives with the tests.
 */

interface DetectionInput {
  pathname: string;
  stored?: string | null;
  browserLanguages?: readonly string[];
}

/** Order: URL prefix, then the stored choice, then the browser's languages; Polish otherwise. */
export function detectLanguage({ pathname, stored, browserLanguages = [] }: DetectionInput): Language {
  const fromPath = getPathLanguage(pathname);
  if (fromPath) return fromPath;
  if (isLanguage(stored)) return stored;
  for (const tag of browserLanguages) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}

export function detectBrowserLanguage(pathname: string): Language {
  return detectLanguage({
    pathname,
    stored: readStoredLanguage(),
    browserLanguages: typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]),
  });
}
