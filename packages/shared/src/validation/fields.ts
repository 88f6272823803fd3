import { z } from 'zod';
import type { ValidationMessageKey } from './messages.ts';

/** Longest address the SMTP standard allows in a path (RFC 5321). */
export const EMAIL_MAX_LENGTH = 254;

interface TextOptions {
  /** Key when the field is missing or blank. */
  required: ValidationMessageKey;
  min?: number;
  /** Key when shorter than `min`; defaults to `required`. */
  minMessage?: ValidationMessageKey;
  max: number;
  maxMessage?: ValidationMessageKey;
}

/** A trimmed, required text field whose every error is an i18n key. */
export function requiredText({ required, min = 1, minMessage = required, max, maxMessage }: TextOptions) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .min(min, { error: minMessage, abort: true })
    .max(max, { error: maxMessage ?? 'validation.tooLong' });
}

/** A trimmed e-mail address: `required` when blank, `invalid` when malformed. */
export function emailField(
  required: ValidationMessageKey,
  invalid: ValidationMessageKey,
  { lowercase = false }: { lowercase?: boolean } = {},
) {
  const text = z.string({ error: required }).trim();
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
  return z
    .string({ error: message })
    .trim()
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
