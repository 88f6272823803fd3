import { describe, expect, it } from 'vitest';
import {
  courtCancellationSplit,
  decisionAmounts,
  disputeAnswerSchema,
  formatLastMoment,
  isValidCourtCancellationFee,
} from './dispute-rules.ts';
import { acceptanceClosesAt } from './offer-rules.ts';
import { offerCreateSchemaAt } from './validation/offer.ts';

describe('formatLastMoment', () => {
  it('names the last minute that counts, not the midnight after it', () => {
    // The window closes when 5 December 2026 begins in Warsaw (CET): 4 December 23:00 UTC.
    const closes = new Date('2026-12-04T23:00:00Z');
    expect(formatLastMoment(closes, 'pl')).toBe('4 grudnia 2026, 23:59');
    expect(formatLastMoment(closes, 'en')).toBe('4 December 2026, 23:59');
  });

  it('reads the acceptance window as the day it ends on, in summer time too', () => {
    const closes = acceptanceClosesAt(new Date('2026-07-01T10:00:00Z'), 7);
    expect(formatLastMoment(closes, 'pl')).toBe('8 lipca 2026, 23:59');
    expect(formatLastMoment(closes.toISOString(), 'en')).toBe('8 July 2026, 23:59');
  });
});

describe('courtCancellationSplit', () => {
  it('without a fee the client gets everything back', () => {
    expect(courtCancellationSplit(12_300, null)).toEqual({ keptGrosze: 0, refundGrosze: 12_300 });
    expect(courtCancellationSplit(12_300, 0)).toEqual({ keptGrosze: 0, refundGrosze: 12_300 });
  });

  it('the lawyer keeps the fee with its VAT, the client gets the rest', () => {
    // 100 zł net = 123 zł paid; 30 zł net fee = 36.90 zł gross kept, 86.10 zł refunded.
    expect(courtCancellationSplit(12_300, 3_000)).toEqual({ keptGrosze: 3_690, refundGrosze: 8_610 });
    // The VAT is rounded half up as in offers: 0.01 zł net → 0.01 zł gross.
    expect(courtCancellationSplit(12_300, 1)).toEqual({ keptGrosze: 1, refundGrosze: 12_299 });
  });

  it('a fee equal to the price leaves nothing to refund; never more than was paid', () => {
    expect(courtCancellationSplit(12_300, 10_000)).toEqual({ keptGrosze: 12_300, refundGrosze: 0 });
    expect(courtCancellationSplit(12_300, 20_000)).toEqual({ keptGrosze: 12_300, refundGrosze: 0 });
  });
});

describe('isValidCourtCancellationFee', () => {
  it('whole grosze from 1 up to the offer net', () => {
    expect(isValidCourtCancellationFee(1, 10_000)).toBe(true);
    expect(isValidCourtCancellationFee(10_000, 10_000)).toBe(true);
    expect(isValidCourtCancellationFee(10_001, 10_000)).toBe(false);
    expect(isValidCourtCancellationFee(0, 10_000)).toBe(false);
    expect(isValidCourtCancellationFee(1.5, 10_000)).toBe(false);
  });
});

describe('the offer form takes the court-cancellation fee', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  const base = { title: 'Rozprawa', expireDate: '2026-03-12', price: '100' };
  it('optional, in grosze, at most the net price', () => {
    const none = offerCreateSchemaAt(now).parse(base);
    expect(none.courtCancellationFeeNetGrosze).toBeNull();
    const blank = offerCreateSchemaAt(now).parse({ ...base, court_cancellation_fee: '' });
    expect(blank.courtCancellationFeeNetGrosze).toBeNull();
    const set = offerCreateSchemaAt(now).parse({ ...base, court_cancellation_fee: '30,50' });
    expect(set.courtCancellationFeeNetGrosze).toBe(3_050);
    const same = offerCreateSchemaAt(now).parse({ ...base, court_cancellation_fee: '100' });
    expect(same.courtCancellationFeeNetGrosze).toBe(10_000);
  });

  it('refuses a fee above the net price or a malformed one', () => {
    const above = offerCreateSchemaAt(now).safeParse({ ...base, court_cancellation_fee: '100.01' });
    expect(above.success).toBe(false);
    expect(above.error?.issues[0]).toMatchObject({
      path: ['court_cancellation_fee'],
      message: 'validation.courtFeeAbovePrice',
    });
    const junk = offerCreateSchemaAt(now).safeParse({ ...base, court_cancellation_fee: 'abc' });
    expect(junk.error?.issues[0]).toMatchObject({
      path: ['court_cancellation_fee'],
      message: 'validation.priceFormat',
    });
  });
});

describe('decisionAmounts', () => {
  it('states what the client gets back and what the lawyer receives after the fee', () => {
    expect(decisionAmounts({ paidGrosze: 12_300, refundGrosze: 0, feePercent: 10 })).toEqual({
      refundGrosze: 0,
      payoutGrosze: 11_070,
      feeGrosze: 1_230,
    });
    expect(decisionAmounts({ paidGrosze: 12_300, refundGrosze: 5_000, feePercent: 10 })).toEqual({
      refundGrosze: 5_000,
      payoutGrosze: 6_570,
      feeGrosze: 730,
    });
    expect(decisionAmounts({ paidGrosze: 12_300, refundGrosze: 12_300, feePercent: 10 })).toEqual({
      refundGrosze: 12_300,
      payoutGrosze: 0,
      feeGrosze: 0,
    });
  });

  it('has no amounts for a refund the rules refuse', () => {
    expect(decisionAmounts({ paidGrosze: 12_300, refundGrosze: 12_301, feePercent: 0 })).toBeNull();
    expect(decisionAmounts({ paidGrosze: 12_300, refundGrosze: -1, feePercent: 0 })).toBeNull();
  });
});

describe('disputeAnswerSchema', () => {
  it('needs a statement of some length', () => {
    expect(disputeAnswerSchema.safeParse({ text: '' }).error?.issues[0]?.message).toBe(
      'validation.fillField',
    );
    expect(disputeAnswerSchema.safeParse({ text: 'za krótko' }).error?.issues[0]?.message).toBe(
      'validation.reasonTooShort',
    );
    expect(disputeAnswerSchema.parse({ text: 'Byłem na rozprawie, protokół w załączniku.' }).text).toBe(
      'Byłem na rozprawie, protokół w załączniku.',
    );
  });
});
