import {
  forgotPasswordSchema,
  googleLoginSchema,
  loadPasswordStrength,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  USER_ROLES,
} from '@substytut/shared';
import { z } from 'zod';

// The register and reset schemas estimate a password's strength synchronously; the server loads
// the estimator's dictionaries once, before any route can validate a body.
await loadPasswordStrength();

/**
 * The language the visitor used, sent by the web app with the forms that cause an e-mail. Any
 * other value is ignored rather than refused: a wrong hint must not block a registration.
 */
const localeHint = z.enum(['pl', 'en']).optional().catch(undefined);

// Request bodies are the shared form schemas, so the server refuses exactly what the forms do.
export const registerBody = registerSchema.safeExtend({ locale: localeHint });
export const loginBody = loginSchema;
export const googleLoginBody = googleLoginSchema.extend({ locale: localeHint });
export const forgotPasswordBody = forgotPasswordSchema.extend({ locale: localeHint });
export const resetPasswordBody = resetPasswordSchema;

export const verifyEmailParams = z.object({
  id: z.string().max(64),
  hash: z.string().max(100),
});

/** The user as the web app stores it (spec 3); never the password hash. */
export const userResponse = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(USER_ROLES).or(z.string()),
  email_verified_at: z.string().nullable(),
});
export type UserResponse = z.infer<typeof userResponse>;

export const authResponse = z.object({
  token: z.string(),
  user: userResponse,
  message: z.string(),
});
export type AuthResult = z.infer<typeof authResponse>;

export const successResponse = z.object({ success: z.literal(true), message: z.string() });
export type SuccessResult = z.infer<typeof successResponse>;
