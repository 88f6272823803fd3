import { acceptedLocale } from '@substytut/shared/accept-language';
import { DEFAULT_LANGUAGE, getPathLanguage, isLanguage, type Language } from '@/config/paths';

/** The cookie that carries the visitor's language choice to the server (set beside localStorage). */
export const LANGUAGE_COOKIE = 'lang';

function cookieLanguage(cookieHeader: string | null): Language | null {
  const value = /(?:^|;\s*)lang=([^;]*)/.exec(cookieHeader ?? '')?.[1];
  return isLanguage(value) ? value : null;
}

/**
 * The language of a page request, in the order the browser used before (lib/language-detection.ts):
 * the address's prefix, the remembered choice, the browser's languages, Polish.
 */
export function requestLanguage(request: Request): Language {
  return (
    getPathLanguage(new URL(request.url).pathname) ??
    cookieLanguage(request.headers.get('cookie')) ??
    acceptedLocale(request.headers.get('accept-language')) ??
    DEFAULT_LANGUAGE
  );
}
