import { createInstance, type BackendModule, type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isLocale, type Locale } from '@substytut/shared/locale';
import { nestMessages } from '@substytut/shared/messages/nest';
import { DEFAULT_LANGUAGE, type Language } from '@/config/paths';

/**
 * Namespaces every page needs: the layout's header, footer and cookie banner (`consent.*`, in the
 * same file since decision 070: one request less on every page), and the not-found page (it can
 * appear anywhere; its texts are in common.json). Pages name their own in their route
 * module's `handle.i18n`, the error catalogue (`errors`) included where a form or a failed call
 * shows its messages (decision 055); each is fetched for the current language only
 * (docs/decisions/007-lazy-locales.md).
 */
export const LAYOUT_NAMESPACES = ['common'] as const;

/**
 * The texts of shared parts that only the pages using the API show (the hearing report and
 * settlement, the file picker, the dated documents): a namespace of their own, named in the
 * `handle.i18n` of those pages, so the layout's `common` stays small (decision 070). Their keys are
 * unchanged: a lookup falls back to `common`, then to `parts`.
 */
export const PARTS_NAMESPACE = 'parts';

// One small chunk per language and namespace, fetched when a page needs it.
const localeFiles = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

// The shared error catalogue, one chunk per language: API codes, field errors, the client's own.
const errorCatalogues: Record<Locale, () => Promise<Readonly<Record<string, string>>>> = {
  pl: () => import('@substytut/shared/messages/pl').then((m) => m.pl),
  en: () => import('@substytut/shared/messages/en').then((m) => m.en),
};

/** One namespace of one language. 'errors' is the shared error catalogue, keyed by the API's codes. */
export async function loadNamespace(language: string, namespace: string): Promise<Record<string, unknown>> {
  if (namespace === 'errors') return nestMessages(await errorCatalogues[isLocale(language) ? language : 'pl']());
  const load = localeFiles[`../locales/${language}/${namespace}.json`];
  if (!load) throw new Error(`no translations for ${language}/${namespace}`);
  return (await load()).default;
}

const lazyBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, namespace, callback) => {
    loadNamespace(language, namespace).then(
      (data) => callback(null, data),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

// Every translation, set by the prerender entry and the tests (see i18n-resources.ts), where
// rendering must be synchronous; the browser build never includes them all.
let bundledResources: Resource | null = null;

export function provideAllResources(resources: Resource): void {
  bundledResources = resources;
}

// The browser's one instance, so lazily loaded routes can fetch their namespaces alongside
// their code (see loadNamespaces).
let browserInstance: I18n | null = null;

/** The browser's instance once created (entry.client.tsx creates it before hydrating). */
export function browserI18n(): I18n | null {
  return browserInstance;
}

/** Fetches namespaces for the current language; a no-op where every translation is bundled. */
export function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  if (!browserInstance || namespaces.length === 0) return Promise.resolve();
  return browserInstance.loadNamespaces([...namespaces]).then(() => undefined);
}

/**
 * A fresh instance per app (one per prerendered page on the server). With every translation
 * bundled (prerender, tests) it is ready at once; in the browser it starts with no translations:
 * await `ready` (the layout's namespaces) before rendering.
 */
export function createI18n(language: Language): I18n & { ready: Promise<void> } {
  const instance = createInstance();
  const common = {
    lng: language,
    supportedLngs: ['pl', 'en'],
    defaultNS: 'common',
    fallbackNS: ['common', PARTS_NAMESPACE],
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  } as const;
  let ready: Promise<unknown>;
  if (bundledResources) {
    ready = instance.use(initReactI18next).init({
      ...common,
      resources: bundledResources,
      fallbackLng: DEFAULT_LANGUAGE,
      ns: Object.keys(bundledResources[DEFAULT_LANGUAGE] ?? {}),
      initAsync: false,
    });
  } else {
    // Both languages carry every key (locales.test.ts), so the other one is never fetched.
    ready = instance
      .use(lazyBackend)
      .use(initReactI18next)
      .init({
        ...common,
        fallbackLng: false,
        load: 'currentOnly',
        ns: [...LAYOUT_NAMESPACES],
        partialBundledLanguages: true,
      });
    if (typeof window !== 'undefined') browserInstance = instance;
  }
  return Object.assign(instance, { ready: ready.then(() => undefined) });
}
