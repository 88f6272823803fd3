import { z } from 'zod';

/**
 * The lawyer's plan as the dashboard's plan screen and the offer form read it (issue 34 §3,
 * decision 049): the plan in force, its fee in basis points (what "Otrzymasz …" subtracts), and
 * the Pro subscription when there is one.
 */
export const planStateSchema = z.object({
  plan: z.enum(['basic', 'pro']),
  /** the fee withheld from each payout of a payment made now, in basis points (250 = 2.5 %) */
  fee_basis_points: z.number().int().min(0).max(10_000),
  subscription: z
    .object({
      status: z.enum(['active', 'ended']),
      /** ISO 8601: Pro is in force until then */
      current_period_end: z.string(),
      cancel_at_period_end: z.boolean(),
      end_reason: z.enum(['cancelled', 'renewal_failed']).nullable(),
    })
    .nullable(),
});
export type PlanStateDto = z.infer<typeof planStateSchema>;
