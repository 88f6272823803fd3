import { describe, expect, it } from 'vitest';
import {
  ENGLISH_MONTHS,
  POLISH_MONTHS,
  YEAR_OPTION_COUNT,
  addDays,
  formatDate,
  formatDateTime,
  formatMonthYear,
  isIsoDate,
  isOfferExpired,
  latestExpiryInWarsaw,
  monthName,
  offerExpiresAt,
  timeLeft,
  tomorrowInWarsaw,
  warsawDate,
  warsawStartOfDay,
  yearOptions,
} from './dates.ts';

describe('warsawDate', () => {
  it.each([
    ['2024-06-15T21:59:59Z', '2024-06-15'], // 23:59:59 CEST
    ['2024-06-15T22:00:00Z', '2024-06-16'], // 00:00 CEST
    ['2024-01-15T22:59:59Z', '2024-01-15'], // 23:59:59 CET
    ['2024-01-15T23:00:00Z', '2024-01-16'], // 00:00 CET
    ['2024-12-31T23:30:00Z', '2025-01-01'],
    ['2024-03-31T00:30:00Z', '2024-03-31'], // day of the spring change
  ])('%s is %s in Warsaw', (instant, day) => {
    expect(warsawDate(new Date(instant))).toBe(day);
  });
});

describe('tomorrowInWarsaw', () => {
  it.each([
    ['2024-06-15T10:00:00Z', '2024-06-16'],
    ['2024-06-15T22:30:00Z', '2024-06-17'], // already the 16th in Warsaw
    ['2024-02-28T12:00:00Z', '2024-02-29'],
    ['2023-02-28T12:00:00Z', '2023-03-01'],
    ['2024-12-31T12:00:00Z', '2025-01-01'],
  ])('from %s is %s', (instant, day) => {
    expect(tomorrowInWarsaw(new Date(instant))).toBe(day);
  });
});

describe('addDays / isIsoDate', () => {
  it.each([
    ['2024-01-31', 1, '2024-02-01'],
    ['2024-03-01', -1, '2024-02-29'],
    ['2024-10-27', 1, '2024-10-28'],
    ['2024-01-01', 366, '2025-01-01'],
  ] as const)('%s + %i = %s', (day, n, expected) => {
    expect(addDays(day, n)).toBe(expected);
  });

  it.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2024-13-01', false],
    ['2024-00-10', false],
    ['2024-04-31', false],
    ['2024-4-1', false],
    ['2024-04-01T00:00', false],
    ['', false],
  ])('isIsoDate(%j) = %s', (text, expected) => {
    expect(isIsoDate(text)).toBe(expected);
  });

  it('refuses an invalid day in addDays', () => {
    expect(() => addDays('2024-02-30', 1)).toThrow(RangeError);
  });
});

describe('formatting', () => {
  it.each([
    ['2024-03-05', '05.03.2024'],
    [new Date('2024-03-05T23:30:00Z'), '06.03.2024'],
  ] as const)('formatDate(%j) = %s', (value, text) => {
    expect(formatDate(value)).toBe(text);
  });

  it('formats date and time in Warsaw time for the admin tables', () => {
    expect(formatDateTime(new Date('2024-07-01T08:05:09Z'))).toBe('2024-07-01 10:05:09');
    expect(formatDateTime(new Date('2024-01-01T00:00:00Z'))).toBe('2024-01-01 01:00:00');
  });

  it('names months in both languages', () => {
    expect(POLISH_MONTHS).toHaveLength(12);
    expect(ENGLISH_MONTHS).toHaveLength(12);
    expect(monthName(1, 'pl')).toBe('styczeń');
    expect(monthName(9, 'pl')).toBe('wrzesień');
    expect(monthName(12, 'en')).toBe('December');
    expect(formatMonthYear('1', '2024', 'pl')).toBe('styczeń 2024');
    expect(formatMonthYear(10, 2020, 'en')).toBe('October 2020');
    expect(() => monthName(13, 'pl')).toThrow(RangeError);
  });
});

describe('yearOptions', () => {
  it('runs from the Warsaw current year back, 61 entries', () => {
    const years = yearOptions(new Date('2025-06-01T12:00:00Z'));
    expect(YEAR_OPTION_COUNT).toBe(61);
    expect(years).toHaveLength(61);
    expect(years[0]).toBe('2025');
    expect(years[60]).toBe('1965');
  });

  it('uses the Warsaw year on New Year’s Eve night', () => {
    expect(yearOptions(new Date('2024-12-31T23:30:00Z'))[0]).toBe('2025');
  });
});

describe('offer expiry', () => {
  it.each([
    ['2024-06-15', '2024-06-14T22:00:00.000Z'], // summer, UTC+2
    ['2024-01-15', '2024-01-14T23:00:00.000Z'], // winter, UTC+1
    ['2024-03-31', '2024-03-30T23:00:00.000Z'], // spring change day starts in CET
    ['2024-10-27', '2024-10-26T22:00:00.000Z'], // autumn change day starts in CEST
  ])('%s starts at %s', (day, instant) => {
    expect(warsawStartOfDay(day).toISOString()).toBe(instant);
  });

  it('lasts through the whole expiry day in Warsaw', () => {
    expect(offerExpiresAt('2024-06-15').toISOString()).toBe('2024-06-15T22:00:00.000Z');
    expect(isOfferExpired('2024-06-15', new Date('2024-06-15T21:59:59Z'))).toBe(false);
    expect(isOfferExpired('2024-06-15', new Date('2024-06-15T22:00:00Z'))).toBe(true);
  });

  it.each([
    ['2024-06-15T20:00:00Z', { days: 0, hours: 2, minutes: 0 }],
    ['2024-06-13T19:29:30Z', { days: 2, hours: 2, minutes: 30 }],
    ['2024-06-15T22:00:00Z', null],
    ['2024-06-16T00:00:00Z', null],
  ])('time left at %s', (now, expected) => {
    expect(timeLeft(offerExpiresAt('2024-06-15'), new Date(now))).toEqual(expected);
  });
});

// The two days a year the clock changes, pinned (session 41).
describe('Warsaw wall time on the days the clock changes', () => {
  it.each([
    ['2026-03-29T00:59:59Z', '2026-03-29 01:59:59'], // last second of CET
    ['2026-03-29T01:00:00Z', '2026-03-29 03:00:00'], // 02:00 CET is 03:00 CEST
    ['2026-10-25T00:30:00Z', '2026-10-25 02:30:00'], // 02:30 CEST, the first time
    ['2026-10-25T01:00:00Z', '2026-10-25 02:00:00'], // 03:00 CEST is 02:00 CET
    ['2026-10-25T01:30:00Z', '2026-10-25 02:30:00'], // 02:30 CET, the second time
    ['2024-02-29T23:00:00Z', '2024-03-01 00:00:00'],
  ])('%s reads %s in Warsaw', (instant, text) => {
    expect(formatDateTime(new Date(instant))).toBe(text);
  });

  it.each([
    ['2026-03-29T00:30:00Z', '2026-03-29'],
    ['2026-10-24T21:59:59Z', '2026-10-24'],
    ['2026-10-24T22:00:00Z', '2026-10-25'], // 00:00 CEST on the autumn change day
    ['2026-10-25T22:59:59Z', '2026-10-25'], // 23:59:59 CET
    ['2026-10-25T23:00:00Z', '2026-10-26'],
  ])('%s falls on %s', (instant, day) => {
    expect(warsawDate(new Date(instant))).toBe(day);
    expect(formatDate(new Date(instant))).toBe(`${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`);
  });

  it('counts calendar days, not 24 hours, across both changes', () => {
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('2026-10-26', -2)).toBe('2026-10-24');
    expect(warsawStartOfDay('2026-03-30').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(warsawStartOfDay('2026-10-26').toISOString()).toBe('2026-10-25T23:00:00.000Z');
    expect(offerExpiresAt('2026-03-29').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(offerExpiresAt('2026-10-25').toISOString()).toBe('2026-10-25T23:00:00.000Z');
  });

  it('keeps the same day a year later, and 28 February for 29 February', () => {
    expect(latestExpiryInWarsaw(new Date('2024-02-29T12:00:00Z'))).toBe('2025-02-28');
    expect(latestExpiryInWarsaw(new Date('2026-03-29T01:30:00Z'))).toBe('2027-03-29');
    expect(latestExpiryInWarsaw(new Date('2026-10-24T22:30:00Z'))).toBe('2027-10-25');
  });
});
