import { describe, expect, it } from 'vitest';
import { formatLicenceDay, formatLicenceMoment } from './licence';

describe('licence dates', () => {
  it.each([
    // Late evening UTC is already the next day in Warsaw (CET, +1).
    ['2026-11-24T23:30:00.000Z', 'pl', '25.11.2026'],
    ['2026-11-24T23:30:00.000Z', 'en', '25 November 2026'],
    ['2026-11-24T10:00:00.000Z', 'pl', '24.11.2026'],
    ['2026-11-24T10:00:00.000Z', 'en', '24 November 2026'],
    // Summer time (CEST, +2).
    ['2026-06-30T22:15:00.000Z', 'pl', '01.07.2026'],
    ['2026-06-30T22:15:00.000Z', 'en', '1 July 2026'],
  ] as const)('%s in %s reads %s', (iso, language, expected) => {
    expect(formatLicenceDay(iso, language)).toBe(expected);
  });

  it('adds the Warsaw time to a moment', () => {
    expect(formatLicenceMoment('2026-11-24T13:05:00.000Z', 'pl')).toBe('24.11.2026, 14:05');
    expect(formatLicenceMoment('2026-06-30T22:15:00.000Z', 'en')).toBe('1 July 2026, 00:15');
  });
});
