import { describe, expect, it } from 'vitest';
import {
  alertDueAt,
  coversRequest,
  defaultAlertSettings,
  isQuietAt,
  quietHoursEndAfter,
  type AlertCoverage,
} from './board-alerts.ts';
import { BOARD_SECOND_WAVE_MINUTES } from './contract/board.ts';

const MOKOTOW = 'sad-rejonowy-dla-warszawy-mokotowa-w-warszawie';
const SR_KRAKOW = 'sad-rejonowy-dla-krakowa-srodmiescia-w-krakowie';
const none: AlertCoverage = {
  courtIds: [],
  areaCourtIds: [],
  cities: [],
  caseTypes: [],
  minFeeNetGrosze: null,
};
const request = { courtId: MOKOTOW, caseType: 'civil' as const, feeNetGrosze: 30_000 };

describe('coversRequest: court, area, city, case type, minimum fee', () => {
  it.each([
    ['a court one by one', { courtIds: [MOKOTOW] }, true],
    ['another court', { courtIds: [SR_KRAKOW] }, false],
    ['the Warsaw regional area', { areaCourtIds: ['sad-okregowy-w-warszawie'] }, true],
    ['the Warsaw appellate area', { areaCourtIds: ['sad-apelacyjny-w-warszawie'] }, true],
    ['the Kraków regional area', { areaCourtIds: ['sad-okregowy-w-krakowie'] }, false],
    ['the Kraków appellate area', { areaCourtIds: ['sad-apelacyjny-w-krakowie'] }, false],
    ['the city of the court', { cities: ['Warszawa'] }, true],
    ['another city', { cities: ['Kraków'] }, false],
    ['nothing at all: covers no court', {}, false],
  ] as const)('%s', (_label, where, covered) => {
    expect(coversRequest({ ...none, ...where }, request)).toBe(covered);
  });

  it('case types: none chosen means every type; else only those chosen', () => {
    const warsaw = { ...none, cities: ['Warszawa'] };
    expect(coversRequest(warsaw, request)).toBe(true);
    expect(coversRequest({ ...warsaw, caseTypes: ['civil', 'family'] }, request)).toBe(true);
    expect(coversRequest({ ...warsaw, caseTypes: ['criminal'] }, request)).toBe(false);
  });

  it('minimum fee: at or above it; "ask for quotes" matches any minimum', () => {
    const warsaw = { ...none, cities: ['Warszawa'] };
    expect(coversRequest({ ...warsaw, minFeeNetGrosze: 30_000 }, request)).toBe(true);
    expect(coversRequest({ ...warsaw, minFeeNetGrosze: 30_001 }, request)).toBe(false);
    expect(coversRequest({ ...warsaw, minFeeNetGrosze: 1_000_000 }, { ...request, feeNetGrosze: null })).toBe(
      true,
    );
  });

  it('an unknown court is covered only one by one', () => {
    expect(
      coversRequest(
        { ...none, cities: ['Warszawa'], areaCourtIds: ['sad-okregowy-w-warszawie'] },
        { ...request, courtId: 'gone' },
      ),
    ).toBe(false);
    expect(coversRequest({ ...none, courtIds: ['gone'] }, { ...request, courtId: 'gone' })).toBe(true);
  });
});

// Warsaw is UTC+1 in winter, UTC+2 in summer.
const night = { from: '22:00', to: '07:00' };
const lunch = { from: '12:00', to: '13:30' };

describe('quiet hours in Europe/Warsaw', () => {
  it.each([
    ['21:59 Warsaw (winter)', '2026-01-15T20:59:00Z', night, false],
    ['22:00 Warsaw', '2026-01-15T21:00:00Z', night, true],
    ['23:30 Warsaw', '2026-01-15T22:30:00Z', night, true],
    ['03:00 Warsaw (after midnight)', '2026-01-16T02:00:00Z', night, true],
    ['06:59 Warsaw', '2026-01-16T05:59:00Z', night, true],
    ['07:00 Warsaw', '2026-01-16T06:00:00Z', night, false],
    ['22:30 Warsaw in summer (20:30 UTC)', '2026-07-15T20:30:00Z', night, true],
    ['21:30 UTC in summer is 23:30 Warsaw', '2026-07-15T21:30:00Z', night, true],
    ['12:15 within a daytime window', '2026-01-15T11:15:00Z', lunch, true],
    ['13:30 at its end', '2026-01-15T12:30:00Z', lunch, false],
  ] as const)('%s', (_label, at, quiet, expected) => {
    expect(isQuietAt(quiet, new Date(at))).toBe(expected);
  });

  it('none set, or an empty window, is never quiet', () => {
    expect(isQuietAt(null, new Date('2026-01-15T23:00:00Z'))).toBe(false);
    expect(isQuietAt({ from: '08:00', to: '08:00' }, new Date('2026-01-15T07:00:00Z'))).toBe(false);
  });

  it('the end of the quiet hours: the next "to" in Warsaw, over midnight and across a time change', () => {
    expect(quietHoursEndAfter(night, new Date('2026-01-15T22:30:00Z')).toISOString()).toBe(
      '2026-01-16T06:00:00.000Z',
    );
    expect(quietHoursEndAfter(night, new Date('2026-01-16T02:00:00Z')).toISOString()).toBe(
      '2026-01-16T06:00:00.000Z',
    );
    expect(quietHoursEndAfter(night, new Date('2026-07-15T21:30:00Z')).toISOString()).toBe(
      '2026-07-16T05:00:00.000Z',
    );
    // The night of 28–29 March 2026: clocks go forward at 02:00; 07:00 Warsaw is then 05:00 UTC.
    expect(quietHoursEndAfter(night, new Date('2026-03-28T22:00:00Z')).toISOString()).toBe(
      '2026-03-29T05:00:00.000Z',
    );
    expect(quietHoursEndAfter(lunch, new Date('2026-01-15T11:15:00Z')).toISOString()).toBe(
      '2026-01-15T12:30:00.000Z',
    );
  });
});

describe('waves: favourites at once, the rest later, urgent everyone at once; quiet hours wait', () => {
  const posted = new Date('2026-01-15T10:00:00Z'); // 11:00 Warsaw
  const later = new Date(posted.getTime() + BOARD_SECOND_WAVE_MINUTES * 60_000);
  it.each([
    ['a favourite: at once', { favourite: true, urgent: false }, posted],
    ['anyone else: the second wave', { favourite: false, urgent: false }, later],
    ['urgent, not a favourite: at once', { favourite: false, urgent: true }, posted],
  ] as const)('%s', (_label, who, due) => {
    expect(alertDueAt({ postedAt: posted, quietHours: null, ...who })).toEqual(due);
  });

  it('a night post waits for the end of the quiet hours, unless urgent', () => {
    const at2300 = new Date('2026-01-15T22:00:00Z');
    expect(alertDueAt({ postedAt: at2300, quietHours: night, favourite: true, urgent: false })).toEqual(
      new Date('2026-01-16T06:00:00Z'),
    );
    expect(alertDueAt({ postedAt: at2300, quietHours: night, favourite: false, urgent: false })).toEqual(
      new Date('2026-01-16T06:00:00Z'),
    );
    expect(alertDueAt({ postedAt: at2300, quietHours: night, favourite: false, urgent: true })).toEqual(
      at2300,
    );
  });

  it('a second wave falling into the quiet hours waits for their end', () => {
    const at2155 = new Date('2026-01-15T20:55:00Z'); // 21:55 Warsaw: wave 2 at 22:05
    expect(alertDueAt({ postedAt: at2155, quietHours: night, favourite: true, urgent: false })).toEqual(
      at2155,
    );
    expect(alertDueAt({ postedAt: at2155, quietHours: night, favourite: false, urgent: false })).toEqual(
      new Date('2026-01-16T06:00:00Z'),
    );
  });
});

describe('defaults', () => {
  it('nothing covered, e-mail on, push and digest off, quiet at night', () => {
    expect(defaultAlertSettings()).toEqual({
      court_ids: [],
      area_court_ids: [],
      cities: [],
      case_types: [],
      min_fee_net: null,
      channels: { email: true, push: false, digest: false },
      quiet_hours: { from: '22:00', to: '07:00' },
    });
  });
});
