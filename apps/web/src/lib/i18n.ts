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

/**
 * The id of the page's JSON data block: the texts of the namespaces it uses, in its language,
 * written by the server (`app/page-texts.tsx`) and read by entry.client.tsx (decision 074). A data
 * block is not run, so the Content-Security-Policy needs no nonce or hash for it.
 */
export const PAGE_TEXTS_ID = 'page-texts';

/** The namespaces route modules name in their `handle.i18n` (decision 016), in route order. */
export function handleNamespaces(handles: readonly unknown[]): string[] {
  return handles.flatMap((handle) => (handle as { i18n?: string[] } | undefined)?.i18n ?? []);
}

// What the page did not carry loads on first use, through this backend; the map of every
// translation file is a module of its own, loaded then (locale-files.ts).
const localeFiles = () => import('./locale-files');

/**
 * Starts loading the map of translation files, so a navigation's new texts are one request away
 * once its route module is there, not two (root.tsx calls it when a navigation starts).
 */
export function preloadLocaleFiles(): void {
  void localeFiles().catch(() => undefined);
}

// The shared error catalogue (API codes, field errors, the client's own), one chunk per language,
// imported from here rather than through the map: a form's first check waits for it, so it stays
// one request away, as the forms' own rules are (decision 074).
const errorCatalogues: Record<Locale, () => Promise<Readonly<Record<string, string>>>> = {
  pl: () => import('@substytut/shared/messages/pl').then((m) => m.pl),
  en: () => import('@substytut/shared/messages/en').then((m) => m.en),
};

/** One namespace of one language. 'errors' is the shared error catalogue, keyed by the API's codes. */
async function loadNamespace(language: string, namespace: string): Promise<Record<string, unknown>> {
  if (namespace === 'errors') return nestMessages(await errorCatalogues[isLocale(language) ? language : 'pl']());
  return (await localeFiles()).loadTranslationFile(language, namespace);
}

const lazyBackend: BackendModule = {
  type: 'backend',
  callbackApi: false,
  init: () => undefined,
  read: loadNamespace,
};

// Every translation, set by the prerender entry and the tests (see i18n-resources.ts), where
// rendering must be synchronous; the browser build never includes them all.
let bundledResources: Resource | null = null;

export function provideAllResources(resources: Resource | null): void {
  bundledResources = resources;
}

/**
 * The page's data block, on the server (bundled translations): the namespaces a page uses, in its
 * language, as JSON that cannot end its `<script>` element (every `<` escaped).
 */
export function pageTextsJson(language: Language, namespaces: readonly string[]): string {
  const bundle = bundledResources?.[language] ?? {};
  const texts = Object.fromEntries(
    [...new Set(namespaces)].filter((namespace) => namespace in bundle).map((namespace) => [namespace, bundle[namespace]]),
  );
  return JSON.stringify({ [language]: texts }).replace(/</g, '\\u003c');
}

/** The page's texts in the browser, from its data block; nothing when it has none (or a broken one). */
export function readPageTexts(document: Document): Resource | undefined {
  const text = document.getElementById(PAGE_TEXTS_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as Resource;
  } catch {
    return undefined;
  }
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
 * bundled (prerender, tests) it is ready at once; in the browser it starts with the texts its page
 * carried (`pageTexts`, the language's part of them: i18next's `resources` with
 * `partialBundledLanguages`) and fetches the rest of the layout's namespaces: await `ready` before
 * rendering.
 */
export function createI18n(language: Language, pageTexts?: Resource): I18n & { ready: Promise<void> } {
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
    const carried = pageTexts?.[language];
    ready = instance
      .use(lazyBackend)
      .use(initReactI18next)
      .init({
        ...common,
        fallbackLng: false,
        load: 'currentOnly',
        ns: [...new Set([...LAYOUT_NAMESPACES, ...Object.keys(carried ?? {})])],
        ...(carried ? { resources: { [language]: carried } } : {}),
        partialBundledLanguages: true,
      });
    if (typeof window !== 'undefined') browserInstance = instance;
  }
  return Object.assign(instance, { ready: ready.then(() => undefined) });
}
