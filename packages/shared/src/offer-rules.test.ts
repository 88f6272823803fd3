import { describe, expect, it } from 'vitest';
import { isOfferExpired } from './dates.ts';
import {
  acceptanceClosesAt,
  acceptanceCutoff,
  checkoutExpiresAt,
  expiredBefore,
  isOfferPayable,
  payoutOf,
  platformFee,
} from './offer-rules.ts';
import { OFFER_STATUSES } from './offer-status.ts';

describe('isOfferPayable', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  it('only active and paystart offers, through their whole expiry day', () => {
    const payable = OFFER_STATUSES.filter((status) =>
      isOfferPayable({ status, expireDate: '2026-03-10' }, now),
    );
    expect(payable).toEqual(['active', 'paystart']);
    expect(isOfferPayable({ status: 'active', expireDate: '2026-03-09' }, now)).toBe(false);
    // 23:59:59 Warsaw (CET) on the expiry day still pays; midnight does not.
    expect(
      isOfferPayable({ status: 'active', expireDate: '2026-03-10' }, new Date('2026-03-10T22:59:59Z')),
    ).toBe(true);
    expect(
      isOfferPayable({ status: 'active', expireDate: '2026-03-10' }, new Date('2026-03-10T23:00:00Z')),
    ).toBe(false);
  });
});

describe('expiredBefore', () => {
  it('agrees with isOfferExpired on both sides of midnight, in winter and summer', () => {
    for (const instant of [
      '2026-01-15T22:59:59Z',
      '2026-01-15T23:00:00Z',
      '2026-07-15T21:59:59Z',
      '2026-07-15T22:00:00Z',
    ]) {
      const now = new Date(instant);
      for (const expireDate of [
        '2026-01-14',
        '2026-01-15',
        '2026-01-16',
        '2026-07-14',
        '2026-07-15',
        '2026-07-16',
      ]) {
        expect(expireDate < expiredBefore(now), `${expireDate} at ${instant}`).toBe(
          isOfferExpired(expireDate, now),
        );
      }
    }
  });
});

describe('the acceptance window in Warsaw calendar days', () => {
  it('closes when the Warsaw day after the last day of the window begins', () => {
    // Done at 23:30 Warsaw on 10 March (CET): seven days are 11–17 March, closed at 18 March 00:00.
    expect(acceptanceClosesAt(new Date('2026-03-10T22:30:00Z'), 7).toISOString()).toBe(
      '2026-03-17T23:00:00.000Z',
    );
    // Done at 00:30 Warsaw on 11 March: one more day.
    expect(acceptanceClosesAt(new Date('2026-03-10T23:30:00Z'), 7).toISOString()).toBe(
      '2026-03-18T23:00:00.000Z',
    );
    // Across the change to summer time (29 March 2026) the window still ends at Warsaw midnight.
    expect(acceptanceClosesAt(new Date('2026-03-25T12:00:00Z'), 7).toISOString()).toBe(
      '2026-04-01T22:00:00.000Z',
    );
  });

  it('gives the client at least the window in 24-hour days, less the hour a spring change takes', () => {
    for (const instant of [
      '2026-03-10T23:00:00Z',
      '2026-03-10T22:59:59Z',
      '2026-10-20T10:00:00Z',
      '2026-03-25T12:00:00Z',
    ]) {
      const doneAt = new Date(instant);
      for (const days of [1, 7, 30]) {
        expect(acceptanceClosesAt(doneAt, days).getTime() - doneAt.getTime()).toBeGreaterThanOrEqual(
          days * 86_400_000 - 3_600_000,
        );
      }
    }
  });

  it('the cutoff picks exactly the offers whose window has closed', () => {
    const doneAts = [
      '2026-03-02T22:59:59Z',
      '2026-03-02T23:00:00Z',
      '2026-03-03T10:00:00Z',
      '2026-03-03T22:59:59Z',
    ].map((s) => new Date(s));
    for (const instant of ['2026-03-10T22:59:59Z', '2026-03-10T23:00:00Z', '2026-03-11T23:00:00Z']) {
      const now = new Date(instant);
      const cutoff = acceptanceCutoff(now, 7);
      for (const doneAt of doneAts) {
        expect(doneAt < cutoff, `${doneAt.toISOString()} at ${instant}`).toBe(
          acceptanceClosesAt(doneAt, 7).getTime() <= now.getTime(),
        );
      }
    }
  });
});

describe('checkoutExpiresAt', () => {
  it('ends no later than the offer, within 30 minutes to 24 hours', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    const at = (day: string) => checkoutExpiresAt({ expireDate: day }, now).getTime() - now.getTime();
    // Offer ends at midnight Warsaw (23:00 UTC) the same day: 11 hours.
    expect(at('2026-03-10')).toBe(11 * 60 * 60 * 1000);
    expect(at('2026-03-20')).toBe(24 * 60 * 60 * 1000 - 60 * 1000);
    expect(at('2026-03-09')).toBe(31 * 60 * 1000);
  });
});

describe('platformFee', () => {
  it('is whole grosze, rounded half up, never more than the gross', () => {
    expect(platformFee(12_300, 0)).toBe(0);
    expect(platformFee(12_300, 10)).toBe(1230);
    expect(platformFee(12_345, 2.5)).toBe(309);
    // 2.3 % of 15 zł is 34.5 gr exactly; in floating point it is 34.4999… and would round down.
    expect(platformFee(1500, 2.3)).toBe(35);
    expect(platformFee(50, 1)).toBe(1); // 0.5 gr rounds up
    expect(platformFee(49, 1)).toBe(0);
    expect(platformFee(12_300, 100)).toBe(12_300);
    expect(platformFee(0, 50)).toBe(0);
  });

  it('refuses what is not an amount or a percent', () => {
    expect(() => platformFee(12.5, 10)).toThrow(RangeError);
    expect(() => platformFee(-1, 10)).toThrow(RangeError);
    expect(() => platformFee(100, 101)).toThrow(RangeError);
    expect(() => platformFee(100, Number.NaN)).toThrow(RangeError);
  });

  it('the payout and the fee add up to the gross', () => {
    for (const gross of [1, 99, 12_345, 999_999]) {
      for (const percent of [0, 2.5, 7.77, 10, 100]) {
        const { amount, fee } = payoutOf(gross, percent);
        expect(amount + fee).toBe(gross);
        expect(Number.isInteger(amount) && amount >= 0).toBe(true);
      }
    }
  });
});
