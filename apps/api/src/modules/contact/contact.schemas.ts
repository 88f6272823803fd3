import { contactAnswerSchema, contactRequestSchema as sharedContactRequestSchema } from '@substytut/shared';
import type { z } from 'zod';

/** The form's own schema plus the bot-check token and language the form sends beside it (shared). */
export const contactRequestSchema = sharedContactRequestSchema;
export type ContactRequest = z.output<typeof contactRequestSchema>;

export const contactResponseSchema = contactAnswerSchema;

/** Per client address: enough for a person who mistyped, too few for a spammer. */
export const CONTACT_RATE_LIMIT = { max: 5, timeWindow: '10 minutes' } as const;
