import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  forgotPasswordSchema,
  googleLoginSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
} from './auth.ts';
import { firstIssueByPath } from './issues.ts';
import { loadPasswordStrength } from './password.ts';

beforeAll(() => loadPasswordStrength());

function errors(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  return result.success ? {} : firstIssueByPath(result.error);
}

describe('loginSchema', () => {
  const valid = { email: 'jan@example.pl', password: '12345678' };

  it('defaults the bot check to local and lower-cases the e-mail', () => {
    expect(loginSchema.parse({ ...valid, email: ' Jan@Example.PL ' })).toEqual({
      email: 'jan@example.pl',
      password: '12345678',
      'cf-turnstile-response': 'local',
    });
  });

  it.each([
    [{ email: 'jan@' }, { email: 'errors.emailInvalid' }],
    [{ email: '' }, { email: 'errors.emailInvalid' }],
    [{ email: undefined }, { email: 'errors.emailInvalid' }],
    [{ password: '1234567' }, { password: 'form.auth.passwordTooltip' }],
    [{ password: undefined }, { password: 'form.auth.passwordTooltip' }],
    [{ password: 'x'.repeat(129) }, { password: 'validation.passwordMax' }],
    [{ password: 'x'.repeat(128) }, {}],
  ])('%j -> %j', (change, expected) => {
    expect(errors(loginSchema, { ...valid, ...change })).toEqual(expected);
  });
});

describe('registerSchema', () => {
  const valid = { email: 'jan@example.pl', password: 'tajne-hasło1', terms: true };

  it.each([
    [{}, {}],
    [{ email: 'nope' }, { email: 'validation.email' }],
    [{ password: 'short' }, { password: 'validation.password' }],
    [{ password: 'x'.repeat(129) }, { password: 'validation.passwordMax' }],
    [{ terms: false }, { terms: 'validation.terms' }],
    [{ terms: undefined }, { terms: 'validation.terms' }],
    [{ terms: 'true' }, { terms: 'validation.terms' }],
    // Long enough but guessable (issue 19, finding 5).
    [{ password: '12345678' }, { password: 'validation.passwordWeak' }],
    [{ password: 'password' }, { password: 'validation.passwordWeak' }],
    [{ password: 'aaaaaaaa' }, { password: 'validation.passwordWeak' }],
    [{ password: 'Warszawa1!' }, { password: 'validation.passwordWeak' }],
    [{ email: 'jan.kowalski@example.pl', password: 'kowalski2024' }, { password: 'validation.passwordWeak' }],
    // Shown at once, whatever the other fields hold.
    [
      { email: 'nope', password: 'password' },
      { email: 'validation.email', password: 'validation.passwordWeak' },
    ],
    [{ password: 'Kolorowy-Rower-Nad-Wisłą' }, {}],
  ])('%j -> %j', (change, expected) => {
    expect(errors(registerSchema, { ...valid, ...change })).toEqual(expected);
  });

  it('stores the e-mail without invisible characters', () => {
    expect(registerSchema.parse({ ...valid, email: '\u200bJan@Example.pl\u202e' }).email).toBe(
      'jan@example.pl',
    );
  });

  it('keeps a given bot-check token', () => {
    expect(registerSchema.parse({ ...valid, 'cf-turnstile-response': 'tok' })['cf-turnstile-response']).toBe(
      'tok',
    );
  });
});

describe('forgotPasswordSchema', () => {
  it.each([
    [{ email: 'jan@example.pl' }, {}],
    [{ email: 'jan' }, { email: 'validation.email' }],
    [{}, { email: 'validation.email' }],
  ])('%j -> %j', (input, expected) => {
    expect(errors(forgotPasswordSchema, input)).toEqual(expected);
  });
});

describe('resetPasswordSchema', () => {
  const valid = {
    token: 'abc',
    email: 'jan@example.pl',
    password: 'Kolorowy-Rower-Nad-Wisłą',
    password_confirmation: 'Kolorowy-Rower-Nad-Wisłą',
  };

  it.each([
    [{}, {}],
    [{ password: '', password_confirmation: '' }, { password: 'errors.fieldRequired' }],
    [{ password: '1234567', password_confirmation: '1234567' }, { password: 'form.passwordTooltip' }],
    [{ password_confirmation: '12345679' }, { password_confirmation: 'validation.passwordsMismatch' }],
    [{ password: '12345678', password_confirmation: '12345678' }, { password: 'validation.passwordWeak' }],
    [{ password: 'haslo1234', password_confirmation: 'haslo1234' }, { password: 'validation.passwordWeak' }],
    [{ token: '' }, { token: 'errors.fieldRequired' }],
    [{ email: 'x' }, { email: 'validation.email' }],
  ])('%j -> %j', (change, expected) => {
    expect(errors(resetPasswordSchema, { ...valid, ...change })).toEqual(expected);
  });
});

describe('googleLoginSchema', () => {
  it.each([
    [{ token: 'eyJ' }, {}],
    [{ token: '' }, { token: 'errors.fieldRequired' }],
    [{}, { token: 'errors.fieldRequired' }],
  ])('%j -> %j', (input, expected) => {
    expect(errors(googleLoginSchema, input)).toEqual(expected);
  });
});
