import { DEFAULT_LANGUAGE, getPathLanguage, isLanguage, type Language } from '@/config/paths';

/** The cookie that carries the visitor's language choice to the server (set beside localStorage). */
export const LANGUAGE_COOKIE = 'lang';

function cookieLanguage(cookieHeader: string | null): Language | null {
  const value = /(?:^|;\s*)lang=([^;]*)/.exec(cookieHeader ?? '')?.[1];
  return isLanguage(value) ? value : null;
}

/** The first of pl/en the browser names in Accept-Language, by weight then order. */
export function acceptLanguage(header: string | null): Language | null {
  const tags = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { base: tag.trim().toLowerCase().split('-')[0], q: q === undefined ? 1 : Number(q), index };
    })
    .filter((t) => t.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const first = tags.find((t) => isLanguage(t.base))?.base;
  return isLanguage(first) ? first : null;
}

/**
 * The language of a page request, in the order the browser used before (lib/language-detection.ts):
 * the address's prefix, the remembered choice, the browser's languages, Polish.
 */
export function requestLanguage(request: Request): Language {
  return (
    getPathLanguage(new URL(request.url).pathname) ??
    cookieLanguage(request.headers.get('cookie')) ??
    acceptLanguage(request.headers.get('accept-language')) ??
    DEFAULT_LANGUAGE
  );
}
