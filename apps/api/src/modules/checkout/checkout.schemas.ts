import { paymentRequestSchema } from '@substytut/shared';
import { z } from 'zod';

export const paymentParams = z.object({
  seolink: z.string().min(1).max(200),
  offerUrl: z.string().min(1).max(200),
});

/** Spec 7's payload; `locale` (optional) chooses the language of the client's mails and pages. */
export const paymentBody = paymentRequestSchema.extend({ locale: z.enum(['pl', 'en']).optional() });

export const acceptBody = z.object({
  token: z.string({ error: 'validation.fieldRequired' }).min(1).max(200),
});
export const acceptResponse = z.object({ status: z.literal('accepted'), acceptedAt: z.string() });
export const acceptanceResponse = z.discriminatedUnion('status', [
  z.object({ status: z.literal('done'), acceptedAt: z.null() }),
  acceptResponse,
]);
