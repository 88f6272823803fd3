/**
 * Where the browser finds a namespace its page did not carry in its HTML (decision 074): one small
 * chunk per language and namespace. This map of every file is itself loaded on first use (a client
 * navigation to a page with new texts, a language switch, step 2 of the public profile), not with
 * the page: `lib/i18n.ts`'s backend imports it then. The error catalogue is not here (i18n.ts).
 */
const localeFiles = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

/** One translation file (`locales/{language}/{namespace}.json`). */
export async function loadTranslationFile(
  language: string,
  namespace: string,
): Promise<Record<string, unknown>> {
  const load = localeFiles[`../locales/${language}/${namespace}.json`];
  if (!load) throw new Error(`no translations for ${language}/${namespace}`);
  return (await load()).default;
}
