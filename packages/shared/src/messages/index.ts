import type { Locale } from '../locale.ts';
import { en } from './en.ts';
import { pl } from './pl.ts';

export { errorKey, CODE_BY_STATUS, GENERAL_ERROR } from './error-key.ts';

/**
 * The one catalogue of error texts, per language. The API's error codes, the schemas' field
 * errors and the web client's own codes are its keys; the web app loads one language of it as
 * its `errors` namespace (apps/web/src/lib/i18n.ts).
 */
export const messages = { pl, en } as const satisfies Record<Locale, Record<string, string>>;

export type MessageKey = keyof typeof pl;

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(pl, value);
}

/** The text of a key in a language; the key itself when the catalogue has no such key. */
export function messageText(key: string, locale: Locale): string {
  return isMessageKey(key) ? messages[locale][key] : key;
}

export { nestMessages, type NestedMessages } from './nest.ts';
