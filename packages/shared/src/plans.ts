/**
 * The lawyer's plans (issue 34 §3, decision 049), defined once: the pricing page, the dashboard's
 * plan screen, the subscription and the payout's fee all read them from here. It imports only
 * money.ts (no zod), so the public pricing page loads it without the shared index.
 *
 * Money is integer grosze; a fee is in basis points (1/100 of a percent), so 2.5 % is 250 and the
 * arithmetic stays in integers.
 */
import { grossFromNet } from './money.ts';

export const PLAN_KEYS = ['basic', 'pro', 'enterprise'] as const;
export type PlanKey = (typeof PLAN_KEYS)[number];
/** The plans a lawyer can be on in the product (Enterprise is agreed by contact, decision 049). */
export type ActivePlanKey = Exclude<PlanKey, 'enterprise'>;

export interface Plan {
  key: PlanKey;
  /** net, in grosze, per month (VAT 23 % on top); null: agreed one to one */
  monthlyNetGrosze: number | null;
  /** the fee withheld from each payout, in basis points of the gross paid; null: agreed one to one */
  feeBasisPoints: number | null;
  popular: boolean;
  /** how the lawyer gets it: Basic by default, Pro by subscription, Enterprise by a contact request */
  via: 'default' | 'subscription' | 'contact';
}

export const PLANS: readonly Plan[] = [
  { key: 'basic', monthlyNetGrosze: 0, feeBasisPoints: 500, popular: false, via: 'default' },
  { key: 'pro', monthlyNetGrosze: 4900, feeBasisPoints: 250, popular: true, via: 'subscription' },
  { key: 'enterprise', monthlyNetGrosze: null, feeBasisPoints: null, popular: false, via: 'contact' },
];

export function planOf(key: PlanKey): Plan {
  const plan = PLANS.find((p) => p.key === key);
  if (!plan) throw new RangeError(`No plan ${key}`);
  return plan;
}

/** The fee of a plan a lawyer can be on, in basis points. */
export function feeBasisPointsOf(key: ActivePlanKey): number {
  return planOf(key).feeBasisPoints ?? 0;
}

export const feePercentOfBasisPoints = (basisPoints: number): number => basisPoints / 100;

/** The gross of one month of Pro, what the subscription charges. */
export const PRO_MONTHLY_GROSS_GROSZE = grossFromNet(planOf('pro').monthlyNetGrosze ?? 0);

/**
 * The plan in force: Pro while a paid Pro period runs (a subscription cancelled at its period's
 * end stays Pro until then), Basic otherwise, including after a renewal failed.
 */
export function effectivePlan(
  subscription: { plan: 'pro'; currentPeriodEnd: Date } | null,
  now: Date,
): ActivePlanKey {
  return subscription && subscription.currentPeriodEnd.getTime() > now.getTime() ? 'pro' : 'basic';
}

/**
 * What is withheld of a gross amount at a fee in basis points, and what the lawyer receives:
 * whole grosze, the fee rounded half up (2.5 % of 123 zł is 3.075 zł → 3.08 zł), never more than
 * the gross; the two add up to the gross.
 */
export function withheldFee(grossGrosze: number, feeBasisPoints: number): { fee: number; amount: number } {
  if (!Number.isSafeInteger(grossGrosze) || grossGrosze < 0)
    throw new RangeError(`Not an amount: ${grossGrosze}`);
  if (!Number.isInteger(feeBasisPoints) || feeBasisPoints < 0 || feeBasisPoints > 10_000)
    throw new RangeError(`Not basis points: ${feeBasisPoints}`);
  const fee = Math.min(grossGrosze, Math.floor((grossGrosze * feeBasisPoints + 5000) / 10_000));
  return { fee, amount: grossGrosze - fee };
}

/** The plan whose fee this is ('pro' for 250), or null for a fee of no plan (payments before plans). */
export function planKeyOfFee(feeBasisPoints: number): ActivePlanKey | null {
  const plan = PLANS.find((p) => p.via !== 'contact' && p.feeBasisPoints === feeBasisPoints);
  return plan ? (plan.key as ActivePlanKey) : null;
}

/** A fee as its readers write it: '2,5%' in Polish, '2.5%' in English. */
export function formatFeePercent(feeBasisPoints: number, locale: 'pl' | 'en'): string {
  return new Intl.NumberFormat(locale === 'pl' ? 'pl-PL' : 'en-GB', {
    style: 'percent',
    maximumFractionDigits: 2,
  }).format(feeBasisPoints / 10_000);
}

/** A plan's name as the product writes it (the same in both languages). */
export const PLAN_NAMES: Record<PlanKey, string> = { basic: 'Basic', pro: 'Pro', enterprise: 'Enterprise' };
