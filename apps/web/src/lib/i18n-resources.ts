import type { Resource } from 'i18next';
import { messages, nestMessages } from '@substytut/shared/messages/index';

/**
 * Every translation at once, for the prerender entry and the tests, which render synchronously.
 * The browser never imports this: it fetches one namespace at a time (lib/i18n.ts).
 */
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

// The shared error catalogue is the 'errors' namespace.
for (const language of ['pl', 'en'] as const) {
  resources[language] ??= {};
  resources[language].errors = nestMessages(messages[language]);
}

export const namespaces = Object.keys(resources.pl ?? {});
