import { z } from 'zod';
import { licenceDtoSchema } from '../api-types.ts';
import { LOCALES } from '../locale.ts';
import {
  forgotPasswordSchema,
  googleLoginSchema,
  registerSchema,
  TURNSTILE_LOCAL_TOKEN,
} from '../validation/auth.ts';
import { contactSchema } from '../validation/contact.ts';

/**
 * Request and answer shapes of the account side of the API (auth, the lawyer's profile files and
 * licence, contact, the public configuration) that api-types.ts does not already hold. The server
 * declares them as its route schemas and the web reads its types from them (decision 034).
 */

/**
 * The language the visitor used, sent by the web app with the forms that cause an e-mail. Any
 * other value is ignored rather than refused: a wrong hint must not block a registration.
 */
export const localeHintSchema = z.enum(LOCALES).optional().catch(undefined);

/**
 * POST /api/user/profile/stripe/createaccount and /stripe/login (issue 34): the language the lawyer
 * uses the app in now, for the payment provider's pages (the account's own language otherwise).
 * Optional as a whole: a call without a body keeps the account's language.
 */
export const paymentLinkRequestSchema = z.object({ locale: localeHintSchema }).nullish();
export type PaymentLinkRequest = z.input<typeof paymentLinkRequestSchema>;

/** POST /api/register: the form's schema and the language of the verification mail. */
export const registerRequestSchema = registerSchema.safeExtend({ locale: localeHintSchema });
export type RegisterRequest = z.input<typeof registerRequestSchema>;
/** POST /api/login/google: the identity provider's ID token. */
export const googleLoginRequestSchema = googleLoginSchema.extend({ locale: localeHintSchema });
export type GoogleLoginRequest = z.input<typeof googleLoginRequestSchema>;
/** POST /api/login/forget. */
export const forgotPasswordRequestSchema = forgotPasswordSchema.extend({ locale: localeHintSchema });
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;

/** POST /api/email/verify/{id}/{hash}: the mailed link's two parts. */
export const verifyEmailParamsSchema = z.object({
  id: z.string().max(64),
  hash: z.string().max(100),
});

/** POST /api/sandbox/google/token: the ID token the embedded Google stand-in issued. */
export const sandboxCredentialSchema = z.object({ credential: z.string() });
export type SandboxCredential = z.infer<typeof sandboxCredentialSchema>;

/** POST /api/me/delete: the password, or a fresh Google ID token for an account without one. */
export const deleteAccountRequestSchema = z.object({
  password: z.string().max(1000).optional(),
  google_token: z.string().max(10_000).optional(),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

/** Every licence action answers the licence as it now stands. */
export const licenceAnswerSchema = z.object({ licence: licenceDtoSchema });
export type LicenceAnswer = z.infer<typeof licenceAnswerSchema>;

/** POST /api/user/profile/image and /cv: storage keys, relative like every *Url of the profile. */
export const profileImageAnswerSchema = z.object({ imageUrl: z.string() });
export type ProfileImageAnswer = z.infer<typeof profileImageAnswerSchema>;
export const profileCvAnswerSchema = z.object({ cvUrl: z.string() });
export type ProfileCvAnswer = z.infer<typeof profileCvAnswerSchema>;

/** POST /api/contact: the form's own schema plus the bot-check token the form sends beside it. */
export const contactRequestSchema = contactSchema.extend({
  'cf-turnstile-response': z.string().max(4096).default(TURNSTILE_LOCAL_TOKEN),
  locale: z.enum(LOCALES).optional(),
});
export type ContactRequest = z.input<typeof contactRequestSchema>;
export const contactAnswerSchema = z.object({ success: z.literal(true) });
export type ContactAnswer = z.infer<typeof contactAnswerSchema>;

/** GET /api/health. */
export const healthSchema = z.object({ status: z.literal('ok') });

/** GET /api/config/public: what the browser may know of the configuration. */
export const publicConfigSchema = z.object({
  bookingUrl: z.string(),
  supportEmail: z.string(),
  googleClientId: z.string().nullable(),
  turnstileSiteKey: z.string().nullable(),
  sandbox: z.object({
    active: z.boolean(),
    payments: z.boolean(),
    companyLookup: z.boolean(),
    botCheck: z.boolean(),
    mail: z.boolean(),
    googleSignIn: z.boolean(),
    licenceRegister: z.boolean(),
    ksef: z.boolean(),
  }),
});
export type PublicConfigDto = z.infer<typeof publicConfigSchema>;

/** POST …/retry of an invoice that could not be made: it was made again. */
export const invoiceRetriedSchema = z.object({ retried: z.literal(true) });
export type InvoiceRetried = z.infer<typeof invoiceRetriedSchema>;
