import { z } from 'zod';
import { emailField, textField } from './fields.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordStrength } from './password.ts';
import { TURNSTILE_LOCAL_TOKEN } from './turnstile.ts';

export { TURNSTILE_LOCAL_TOKEN };

const turnstileField = z.string().max(4096).default(TURNSTILE_LOCAL_TOKEN);

// E-mail addresses are compared case-insensitively by people, so accounts key on the lower case.
export const loginSchema = z.object({
  email: emailField('errors.emailInvalid', 'errors.emailInvalid', { lowercase: true }),
  password: z
    .string({ error: 'form.auth.passwordTooltip' })
    .min(PASSWORD_MIN_LENGTH, 'form.auth.passwordTooltip')
    .max(PASSWORD_MAX_LENGTH, 'validation.passwordMax'),
  'cf-turnstile-response': turnstileField,
});

/**
 * A new password must also be hard to guess for its account (decision 015). Checked once the
 * password field itself is fine, whatever the other fields hold, so the message shows at once.
 */
function strongPassword<S extends z.ZodType<{ email: string; password: string }>>(schema: S): S {
  return schema.refine(
    (value) => passwordStrength(value.password, typeof value.email === 'string' ? value.email : '').strong,
    {
      error: 'validation.passwordWeak',
      path: ['password'],
      when: (payload) =>
        !payload.issues.some((issue) => issue.path?.[0] === 'password') &&
        typeof (payload.value as { password?: unknown } | undefined)?.password === 'string',
    },
  );
}

export const registerSchema = strongPassword(
  z.object({
    email: emailField('validation.email', 'validation.email', { lowercase: true }),
    password: z
      .string({ error: 'validation.password' })
      .min(PASSWORD_MIN_LENGTH, 'validation.password')
      .max(PASSWORD_MAX_LENGTH, 'validation.passwordMax'),
    terms: z.literal(true, { error: 'validation.terms' }),
    'cf-turnstile-response': turnstileField,
  }),
);

export const forgotPasswordSchema = z.object({
  email: emailField('validation.email', 'validation.email', { lowercase: true }),
});

/** What a reset link carries: the token in its path and the e-mail in its query. */
export const resetLinkSchema = z.object({
  token: z.string({ error: 'errors.fieldRequired' }).min(1, 'errors.fieldRequired').max(512),
  email: emailField('validation.email', 'validation.email', { lowercase: true }),
});

export const resetPasswordSchema = strongPassword(
  resetLinkSchema
    .extend({
      password: z
        .string({ error: 'errors.fieldRequired' })
        .min(1, { error: 'errors.fieldRequired', abort: true })
        .min(PASSWORD_MIN_LENGTH, 'form.passwordTooltip')
        .max(PASSWORD_MAX_LENGTH, 'validation.passwordMax'),
      password_confirmation: z.string({ error: 'errors.fieldRequired' }),
    })
    .refine((v) => v.password === v.password_confirmation, {
      error: 'validation.passwordsMismatch',
      path: ['password_confirmation'],
    }),
);

/** POST /login/google: the identity provider's ID token. */
export const googleLoginSchema = z.object({
  token: z.string({ error: 'errors.fieldRequired' }).min(1, 'errors.fieldRequired').max(8192),
});

/**
 * POST /sandbox/google/token: the Google account the embedded sign-in stand-in signs in as (only
 * outside production, without GOOGLE_CLIENT_ID).
 */
export const sandboxGoogleSignInSchema = z.object({
  email: emailField('validation.email', 'validation.email', { lowercase: true }),
  name: textField('validation.invalid').max(200, 'validation.invalid').default(''),
});

export type LoginInput = z.input<typeof loginSchema>;
export type LoginPayload = z.output<typeof loginSchema>;
export type RegisterInput = z.input<typeof registerSchema>;
export type RegisterPayload = z.output<typeof registerSchema>;
export type ForgotPasswordPayload = z.output<typeof forgotPasswordSchema>;
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;
export type ResetPasswordPayload = z.output<typeof resetPasswordSchema>;
export type GoogleLoginPayload = z.output<typeof googleLoginSchema>;
export type SandboxGoogleSignInInput = z.input<typeof sandboxGoogleSignInSchema>;
