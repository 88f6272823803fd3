import { isLocale, type Locale } from '@substytut/shared/locale';
import { nestMessages } from '@substytut/shared/messages/nest';

/**
 * Where the browser finds a namespace its page did not carry in its HTML (decision 074): one small
 * chunk per language and namespace. This map of every file is itself loaded on first use (a client
 * navigation to a page with new texts, a language switch, a form's error catalogue), not with the
 * page: `lib/i18n.ts`'s backend imports it then.
 */
const localeFiles = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

// The shared error catalogue, one chunk per language: API codes, field errors, the client's own.
const errorCatalogues: Record<Locale, () => Promise<Readonly<Record<string, string>>>> = {
  pl: () => import('@substytut/shared/messages/pl').then((m) => m.pl),
  en: () => import('@substytut/shared/messages/en').then((m) => m.en),
};

/** One namespace of one language. 'errors' is the shared error catalogue, keyed by the API's codes. */
export async function loadNamespace(language: string, namespace: string): Promise<Record<string, unknown>> {
  if (namespace === 'errors')
    return nestMessages(await errorCatalogues[isLocale(language) ? language : 'pl']());
  const load = localeFiles[`../locales/${language}/${namespace}.json`];
  if (!load) throw new Error(`no translations for ${language}/${namespace}`);
  return (await load()).default;
}
