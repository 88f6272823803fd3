import { describe, expect, it } from 'vitest';
import { payoutOf } from './offer-rules.ts';
import {
  PLANS,
  PLAN_KEYS,
  effectivePlan,
  feeBasisPointsOf,
  feePercentOfBasisPoints,
  formatFeePercent,
  planKeyOfFee,
  planOf,
  withheldFee,
} from './plans.ts';

describe('plans', () => {
  it('are Basic, Pro and Enterprise, each once, Pro the popular one', () => {
    expect(PLANS.map((p) => p.key)).toEqual(['basic', 'pro', 'enterprise']);
    expect(PLAN_KEYS).toEqual(['basic', 'pro', 'enterprise']);
    expect(PLANS.filter((p) => p.popular).map((p) => p.key)).toEqual(['pro']);
  });

  it('Basic costs nothing a month and withholds 5 %; Pro costs 49 zł net a month and withholds 2.5 %', () => {
    expect(planOf('basic')).toMatchObject({ monthlyNetGrosze: 0, feeBasisPoints: 500 });
    expect(planOf('pro')).toMatchObject({ monthlyNetGrosze: 4900, feeBasisPoints: 250 });
    // Enterprise is agreed one to one: no price and no fee of its own in the product.
    expect(planOf('enterprise')).toMatchObject({ monthlyNetGrosze: null, feeBasisPoints: null });
  });

  it('the fee a lawyer pays is their plan’s, Basic unless a Pro period is running', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    expect(effectivePlan(null, now)).toBe('basic');
    expect(effectivePlan({ plan: 'pro', currentPeriodEnd: new Date('2026-12-27T12:00:00Z') }, now)).toBe('pro');
    // The period ended (cancelled, or a renewal failed and nothing extended it): Basic again.
    expect(effectivePlan({ plan: 'pro', currentPeriodEnd: now }, now)).toBe('basic');
    expect(feeBasisPointsOf('basic')).toBe(500);
    expect(feeBasisPointsOf('pro')).toBe(250);
    expect(feePercentOfBasisPoints(250)).toBe(2.5);
  });
});

describe('withheldFee', () => {
  it('withholds the plan’s fee of the gross in whole grosze, rounded half up', () => {
    // Basic, 123 zł: 6,15 zł fee, 116,85 zł to the lawyer.
    expect(withheldFee(12_300, 500)).toEqual({ fee: 615, amount: 11_685 });
    // Pro, 123 zł: 3,075 zł rounds half up to 3,08 zł.
    expect(withheldFee(12_300, 250)).toEqual({ fee: 308, amount: 11_992 });
    // Pro, 1,01 zł: 2,525 gr rounds to 3 gr; 1,00 zł: 2,5 gr rounds to 3 gr; 0,99 zł: 2,475 gr to 2 gr.
    expect(withheldFee(101, 250).fee).toBe(3);
    expect(withheldFee(100, 250).fee).toBe(3);
    expect(withheldFee(99, 250).fee).toBe(2);
    expect(withheldFee(0, 500)).toEqual({ fee: 0, amount: 0 });
  });

  it('is payoutOf at the same percent, so the admin’s dialog and the payout agree', () => {
    for (const gross of [1, 99, 100, 6150, 12_300, 3_690, 98_765]) {
      for (const bp of [0, 250, 500]) {
        const { fee, amount } = withheldFee(gross, bp);
        expect({ fee, amount }).toEqual(payoutOf(gross, feePercentOfBasisPoints(bp)));
        expect(fee + amount).toBe(gross);
      }
    }
  });

  it('a refund or a partial payout is charged on what the lawyer keeps, not on the price', () => {
    // A dispute settled with 61,50 zł back of 123 zł on Basic: 5 % of the 61,50 zł left.
    expect(withheldFee(12_300 - 6150, 500)).toEqual({ fee: 308, amount: 5842 });
    // A court cancellation where the lawyer keeps a 30 zł net fee (36,90 zł gross) on Pro.
    expect(withheldFee(3690, 250)).toEqual({ fee: 92, amount: 3598 });
  });

  it('refuses what is not basis points', () => {
    expect(() => withheldFee(100, -1)).toThrow(RangeError);
    expect(() => withheldFee(100, 10_001)).toThrow(RangeError);
    expect(() => withheldFee(100, 2.5)).toThrow(RangeError);
  });
});

describe('formatFeePercent and planKeyOfFee', () => {
  it('write the fee as each language does and name its plan', () => {
    expect(formatFeePercent(250, 'pl')).toBe('2,5%');
    expect(formatFeePercent(250, 'en')).toBe('2.5%');
    expect(formatFeePercent(500, 'pl')).toBe('5%');
    expect(planKeyOfFee(250)).toBe('pro');
    expect(planKeyOfFee(500)).toBe('basic');
    expect(planKeyOfFee(1000)).toBeNull();
  });
});
