import { isMessageKey, messages, messageText, type MessageKey } from '../messages/index.ts';

/*
 * Field errors are keys of the one error catalogue (../messages): these names are what the
 * schemas and their callers have always imported.
 */
export const validationMessages = messages;
export type ValidationMessageKey = MessageKey;
export const isValidationMessageKey = isMessageKey;
/** The text of a key in a language; the key itself when the catalogue has no such key. */
export const validationMessage = messageText;
export { nestMessages, type NestedMessages } from '../messages/index.ts';
