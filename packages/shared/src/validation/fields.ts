import { z } from 'zod';
import { cleanText, hasLetter, isPersonText, type PersonTextOptions } from '../text.ts';
import type { ValidationMessageKey } from './messages.ts';

/** Longest address the SMTP standard allows in a path (RFC 5321). */
export const EMAIL_MAX_LENGTH = 254;

/** The key of every refusal by the "text a person may type" rule (decision 028). */
export const TEXT_CHARACTERS_MESSAGE = 'validation.textCharacters' satisfies ValidationMessageKey;

/** A time of day on the 24-hour clock, 'HH:MM' (00:00–23:59); `error` is the refusal's key. */
export const hourMinuteField = (error?: ValidationMessageKey) =>
  z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, error);

/**
 * The text primitive of every payload schema: a string without format characters, in NFC,
 * trimmed (`cleanText`, decision 015), holding only text a person may type (`isPersonText`,
 * decision 028): no control characters (a multi-line field allows tabs and line breaks), lone
 * surrogates or non-characters.
 */
export function textField(error?: string, options: PersonTextOptions = {}) {
  return z
    .string(error ? { error } : undefined)
    .overwrite(cleanText)
    .refine((value) => isPersonText(value, options), { error: TEXT_CHARACTERS_MESSAGE, abort: true });
}

interface TextOptions {
  /** Key when the field is missing or blank. */
  required: ValidationMessageKey;
  min?: number;
  /** Key when shorter than `min`; defaults to `required`. */
  minMessage?: ValidationMessageKey;
  max: number;
  maxMessage?: ValidationMessageKey;
  /** A name: must hold at least one letter ('validation.nameLetter'). */
  name?: boolean;
  /** A textarea: tabs and line breaks are allowed. */
  multiline?: boolean;
}

/** A cleaned, required text field whose every error is an i18n key. */
export function requiredText({
  required,
  min = 1,
  minMessage = required,
  max,
  maxMessage,
  name,
  multiline,
}: TextOptions) {
  const text = textField(required, { multiline })
    .min(1, { error: required, abort: true })
    .min(min, { error: minMessage, abort: true })
    .max(max, { error: maxMessage ?? 'validation.tooLong', abort: true });
  return name ? text.refine(hasLetter, 'validation.nameLetter') : text;
}

/** A cleaned e-mail address: `required` when blank, `invalid` when malformed. */
export function emailField(
  required: ValidationMessageKey,
  invalid: ValidationMessageKey,
  { lowercase = false }: { lowercase?: boolean } = {},
) {
  const text = textField(required);
  return (lowercase ? text.toLowerCase() : text)
    .min(1, { error: required, abort: true })
    .max(EMAIL_MAX_LENGTH, { error: 'validation.tooLong', abort: true })
    .pipe(z.email({ error: invalid }));
}

/**
 * An optional text field: missing, null or blank all become null; anything else must satisfy
 * `check` and is returned as `transform` makes it.
 */
export function optionalText(
  message: ValidationMessageKey,
  check: (value: string) => boolean,
  transform: (value: string) => string = (value) => value,
) {
  return textField(message)
    .nullish()
    .transform((value, ctx): string | null => {
      if (value === undefined || value === null || value === '') return null;
      const result = transform(value);
      if (!check(result)) {
        ctx.issues.push({ code: 'custom', message, input: value });
        return z.NEVER;
      }
      return result;
    });
}
