import { DEFAULT_LANGUAGE, getPathLanguage, isLanguage, type Language } from '@/config/languages';
import { LANGUAGE_STORAGE_KEY } from './storage-keys';

/*
 * Which language a visitor gets. Kept free of libraries: the page's first script uses it to decide
 * whether the prerendered language fits (components/hydration/hydrate-on-intent.ts).
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

export function readStoredLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function rememberLanguage(language: Language): void {
  // The server reads the choice from this cookie (app/request-language.ts), so an unprefixed
  // address is rendered in the remembered language; a year, like the consent cookie.
  if (typeof document !== 'undefined') {
    document.cookie = `lang=${language}; path=/; max-age=31536000; samesite=lax`;
  }
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Without storage the URL prefix still carries the choice.
  }
}

/** Marks the language switch's links, whose hreflang names the language they lead to. */
export const languageChoiceProps = { 'data-language-choice': '' } as const;

/**
 * Remembers the language of a clicked language link. A listener on the document rather than the
 * link's own handler: on a static page the switch is a plain link until the app runs (decision
 * 010), and a choice made then must be kept too.
 */
export function watchLanguageChoices(root: Document): void {
  root.addEventListener(
    'click',
    (event) => {
      const target = event.target instanceof Element ? event.target : null;
      const language = target?.closest('a[data-language-choice]')?.getAttribute('hreflang');
      if (isLanguage(language)) rememberLanguage(language);
    },
    true,
  );
}

export function detectBrowserLanguage(pathname: string): Language {
  return detectLanguage({
    pathname,
    stored: readStoredLanguage(),
    browserLanguages: typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]),
  });
}
