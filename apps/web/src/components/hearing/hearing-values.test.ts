import { describe, expect, it } from 'vitest';
import {
  EMPTY_HEARING_VALUES,
  courtFilter,
  hearingPayload,
  hearingServerErrors,
  hearingValuesOf,
} from './hearing-values';

const NOW = new Date('2026-03-20T10:00:00Z');
const COURT = 'sad-rejonowy-dla-warszawy-mokotowa-w-warszawie';

describe('hearing form values', () => {
  it('send nothing when nothing was filled in', () => {
    expect(hearingPayload(EMPTY_HEARING_VALUES, NOW)).toEqual({ hearing: null, errors: {} });
  });

  it('turn the Warsaw day and hour into an instant, summer time included', () => {
    const { hearing, errors } = hearingPayload(
      { ...EMPTY_HEARING_VALUES, court_id: COURT, date: '2026-03-30', time: '09:30', mode: 'in_person' },
      NOW,
    );
    expect(errors).toEqual({});
    expect(hearing).toMatchObject({
      court_id: COURT,
      starts_at: '2026-03-30T07:30:00.000Z',
      remote_link: null,
    });
  });

  it('point each problem at its field, and send nothing then', () => {
    expect(hearingPayload({ ...EMPTY_HEARING_VALUES, date: '2026-03-30' }, NOW)).toEqual({
      hearing: null,
      errors: { time: 'validation.hearingDateInvalid' },
    });
    expect(hearingPayload({ ...EMPTY_HEARING_VALUES, case_number: 'sprawa 5' }, NOW).errors).toEqual({
      case_number: 'validation.caseNumberFormat',
    });
    // Issue 34: a remote hearing's link may be added later.
    expect(hearingPayload({ ...EMPTY_HEARING_VALUES, mode: 'remote' }, NOW).errors).toEqual({});
    expect(
      hearingPayload({ ...EMPTY_HEARING_VALUES, date: '2026-03-19', time: '10:00' }, NOW).errors,
    ).toEqual({ date: 'validation.hearingInPast' });
    expect(hearingServerErrors({ 'hearing.starts_at': 'validation.hearingInPast', title: 'x' })).toEqual({
      date: 'validation.hearingInPast',
    });
  });

  it('prefill from the API in Warsaw time', () => {
    expect(
      hearingValuesOf({
        court_id: COURT,
        court_name: null,
        court_city: null,
        division: null,
        case_number: null,
        starts_at: '2026-10-26T08:30:00.000Z',
        mode: null,
        remote_link: null,
        party: null,
      }),
    ).toMatchObject({ court_id: COURT, date: '26.10.2026', time: '09:30', case_number: '' });
  });

  it('take the day typed day-month-year and the hour from the 24-hour lists (issue 34)', () => {
    const typed = (date: string, time: string) =>
      hearingPayload({ ...EMPTY_HEARING_VALUES, date, time }, NOW);
    expect(typed('30.03.2026', '14:05').hearing?.starts_at).toBe('2026-03-30T12:05:00.000Z');
    expect(typed('7.4.2026', '09:30').hearing?.starts_at).toBe('2026-04-07T07:30:00.000Z');
    // An hour without its minutes, or a day that does not exist, is refused at the field.
    expect(typed('30.03.2026', '14:').errors).toEqual({ time: 'validation.hearingDateInvalid' });
    expect(typed('31.02.2026', '14:00').errors).toEqual({ date: 'validation.hearingDateInvalid' });
    // Month first, as an American browser would write it, is not a day.
    expect(typed('03/30/2026', '14:00').errors).toEqual({ date: 'validation.hearingDateInvalid' });
  });

  it('find courts by any words of the name or the city, without Polish letters', () => {
    expect(courtFilter('Sąd Rejonowy w Łodzi', 'lodz rejon', ['Łódź'])).toBe(1);
    expect(courtFilter('Sąd Rejonowy w Łodzi', 'krakow', ['Łódź'])).toBe(0);
  });
});
