import { contactSchema, TURNSTILE_LOCAL_TOKEN } from '@substytut/shared';
import { z } from 'zod';

/** The form's own schema plus the bot-check token the form sends beside it. */
export const contactRequestSchema = contactSchema.extend({
  'cf-turnstile-response': z.string().max(4096).default(TURNSTILE_LOCAL_TOKEN),
  locale: z.enum(['pl', 'en']).optional(),
});
export type ContactRequest = z.output<typeof contactRequestSchema>;

export const contactResponseSchema = z.object({ success: z.literal(true) });

/** Per client address: enough for a person who mistyped, too few for a spammer. */
export const CONTACT_RATE_LIMIT = { max: 5, timeWindow: '10 minutes' } as const;
