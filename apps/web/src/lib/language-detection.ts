import { isLanguage, type Language } from '@/config/languages';
import { LANGUAGE_STORAGE_KEY } from './storage-keys';

/*
 * The visitor's choice of language, remembered where the server reads it (the `lang` cookie) and
 * where the browser keeps it. The server picks a page's language (app/request-language.ts).
 */

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
