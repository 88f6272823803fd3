import { createInstance, type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { nestMessages, validationMessages } from '@substytut/shared/validation/messages';
import { DEFAULT_LANGUAGE, getPathLanguage, isLanguage, type Language } from '@/config/paths';

export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

// Bundled statically: translations must be present for the first (and the prerendered) render.
const modules = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json', {
  eager: true,
});

export const resources: Resource = {};
for (const [file, mod] of Object.entries(modules)) {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
  if (!match) continue;
  const [, language, namespace] = match as unknown as [string, string, string];
  resources[language] ??= {};
  resources[language][namespace] = mod.default;
}

// Field errors of the shared zod schemas are keys of this catalogue: t(message, { ns: 'validation' }).
for (const language of ['pl', 'en'] as const) {
  resources[language] ??= {};
  resources[language].validation = nestMessages(validationMessages[language]);
}

export const namespaces = Object.keys(resources[DEFAULT_LANGUAGE] ?? {});

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
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Without storage the URL prefix still carries the choice.
  }
}

export function detectBrowserLanguage(pathname: string): Language {
  return detectLanguage({
    pathname,
    stored: readStoredLanguage(),
    browserLanguages: typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language],
  });
}

/** A fresh instance per app (one per prerendered page on the server). */
export function createI18n(language: Language): I18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: ['pl', 'en'],
    ns: namespaces,
    defaultNS: 'common',
    fallbackNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    react: { useSuspense: false },
  });
  return instance;
}
