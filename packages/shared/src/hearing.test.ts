import { describe, expect, it } from 'vitest';
import {
  EMPTY_HEARING,
  hearingInputSchemaWith,
  isCaseNumber,
  mergeHearing,
  normalizeCaseNumber,
  sameHearing,
  toHearingDto,
  warsawDateTimeParts,
  warsawDateTimeToIso,
} from './hearing.ts';
import { formatHearingTime } from './hearing-time.ts';
import {
  COURTS,
  COURTS_SOURCE,
  courtIdOf,
  courtKindOf,
  findCourt,
  searchCourts,
} from './reference-data/courts.ts';

const NOW = new Date('2026-03-20T10:00:00Z');
const schema = hearingInputSchemaWith(() => NOW);
const issues = (input: unknown) => {
  const result = schema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('case numbers (sygnatura akt)', () => {
  it.each([
    'I C 123/24',
    'XXV C 1234/23',
    'II K 12/25',
    'I ACa 1/24',
    'VI GC 55/2022',
    'IX GU 3/24',
    'I Nc-e 1234/24',
    'XLIV C 1/24',
  ])('accepts %s', (text) => expect(isCaseNumber(text)).toBe(true));
  it.each([
    '',
    'C 123/24',
    'I C 123',
    'I C 0/24',
    'IIII C 1/24',
    'I C 12/3',
    'I 123/24',
    'I C 123/24 extra',
    'VV C 1/24',
    '1 C 1/24',
  ])('refuses %s', (text) => expect(isCaseNumber(text)).toBe(false));
  it('collapses spaces and capitalises the division', () => {
    expect(normalizeCaseNumber('  ii   K 12 / 25 ')).toBe('II K 12/25');
  });
});

describe('Warsaw wall time', () => {
  it('is CET in winter and CEST in summer', () => {
    expect(warsawDateTimeToIso('2026-03-28', '09:30')).toBe('2026-03-28T08:30:00.000Z');
    expect(warsawDateTimeToIso('2026-03-30', '09:30')).toBe('2026-03-30T07:30:00.000Z');
    expect(warsawDateTimeToIso('2026-10-26', '09:30')).toBe('2026-10-26T08:30:00.000Z');
    expect(warsawDateTimeParts('2026-03-30T07:30:00.000Z')).toEqual({ date: '2026-03-30', time: '09:30' });
  });
  it('refuses days and hours that do not exist', () => {
    expect(warsawDateTimeToIso('2026-02-29', '10:00')).toBeNull();
    expect(warsawDateTimeToIso('2026-03-29', '02:30')).toBeNull();
    expect(warsawDateTimeToIso('2026-03-29', '24:00')).toBeNull();
  });
  // Pinned on the days the clock changes (session 41).
  it('takes the hour around the spring change and the later of the autumn’s two 02:30s', () => {
    expect(warsawDateTimeToIso('2026-03-29', '01:59')).toBe('2026-03-29T00:59:00.000Z');
    expect(warsawDateTimeToIso('2026-03-29', '02:00')).toBeNull();
    expect(warsawDateTimeToIso('2026-03-29', '03:00')).toBe('2026-03-29T01:00:00.000Z');
    expect(warsawDateTimeToIso('2026-10-25', '01:59')).toBe('2026-10-24T23:59:00.000Z');
    expect(warsawDateTimeToIso('2026-10-25', '02:30')).toBe('2026-10-25T01:30:00.000Z');
    expect(warsawDateTimeToIso('2026-10-25', '03:00')).toBe('2026-10-25T02:00:00.000Z');
    expect(warsawDateTimeParts('2026-10-25T00:30:00.000Z')).toEqual({ date: '2026-10-25', time: '02:30' });
    expect(warsawDateTimeParts('2026-10-25T01:30:00.000Z')).toEqual({ date: '2026-10-25', time: '02:30' });
    expect(formatHearingTime('2026-10-25T01:30:00.000Z', 'pl')).toBe('25.10.2026, godz. 02:30');
    expect(formatHearingTime('2026-03-29T01:00:00.000Z', 'en')).toBe('29.03.2026 at 03:00');
  });
});

describe('hearing input', () => {
  const court = COURTS.find((c) => c.kind === 'SR')!;

  it('maps every field, normalising the case number', () => {
    const data = schema.parse({
      court_id: court.id,
      division: 'I Wydział Cywilny',
      case_number: 'i  C 123/24',
      starts_at: '2026-04-02T08:00:00.000Z',
      mode: 'remote',
      remote_link: 'https://sad.example.pl/rozprawa/1',
      party: 'powód Jan Nowak',
    });
    expect(data).toEqual({
      courtId: court.id,
      division: 'I Wydział Cywilny',
      caseNumber: 'I C 123/24',
      startsAt: new Date('2026-04-02T08:00:00.000Z'),
      mode: 'remote',
      remoteLink: 'https://sad.example.pl/rozprawa/1',
      party: 'powód Jan Nowak',
    });
  });

  it('treats missing and blank fields as not given', () => {
    expect(schema.parse({})).toEqual(EMPTY_HEARING);
    expect(schema.parse({ court_id: '', case_number: ' ', starts_at: '', mode: null })).toEqual(
      EMPTY_HEARING,
    );
  });

  it('gives each bad field its own message', () => {
    expect(issues({ court_id: 'sad-na-ksiezycu' })).toEqual({ court_id: 'validation.courtUnknown' });
    expect(issues({ case_number: 'sprawa 5' })).toEqual({ case_number: 'validation.caseNumberFormat' });
    expect(issues({ starts_at: 'jutro' })).toEqual({ starts_at: 'validation.hearingDateInvalid' });
    expect(issues({ starts_at: '2026-03-20T09:59:00Z' })).toEqual({ starts_at: 'validation.hearingInPast' });
    expect(issues({ starts_at: '2028-03-21T10:00:00Z' })).toEqual({ starts_at: 'validation.hearingTooLate' });
    expect(issues({ mode: 'phone' })).toEqual({ mode: 'validation.optionInvalid' });
    // Issue 34: the link of a remote hearing may come later.
    expect(issues({ mode: 'remote' })).toEqual({});
    expect(issues({ mode: 'remote', remote_link: 'http://sad.example.pl/x' })).toEqual({
      remote_link: 'validation.remoteLinkHttps',
    });
    expect(issues({ mode: 'remote', remote_link: 'javascript:alert(1)' })).toEqual({
      remote_link: 'validation.remoteLinkHttps',
    });
    expect(issues({ party: 'x'.repeat(201) })).toEqual({ party: 'validation.tooLong' });
  });

  it('drops a link of a hearing held in person', () => {
    expect(
      schema.parse({ mode: 'in_person', remote_link: 'https://sad.example.pl/x' }).remoteLink,
    ).toBeNull();
  });
});

describe('hearing DTO and corrections', () => {
  const lawyers = {
    ...EMPTY_HEARING,
    courtId: COURTS[0]!.id,
    caseNumber: 'I C 1/24',
    party: 'pozwany',
    startsAt: new Date('2026-04-02T08:00:00Z'),
  };

  it('hides the case number and the party from anyone but the lawyer and the payer', () => {
    expect(toHearingDto(lawyers, true)).toMatchObject({ case_number: 'I C 1/24', party: 'pozwany' });
    expect(toHearingDto(lawyers, false)).toMatchObject({
      court_name: COURTS[0]!.name,
      court_city: COURTS[0]!.city,
      case_number: null,
      party: null,
      starts_at: '2026-04-02T08:00:00.000Z',
    });
    expect(toHearingDto(EMPTY_HEARING, true)).toBeNull();
  });

  it("lets the client's filled fields win and keeps the rest", () => {
    const merged = mergeHearing(lawyers, { ...EMPTY_HEARING, caseNumber: 'II C 2/24', mode: 'in_person' });
    expect(merged).toEqual({ ...lawyers, caseNumber: 'II C 2/24', mode: 'in_person' });
    expect(sameHearing(merged, lawyers)).toBe(false);
    expect(sameHearing({ ...lawyers, startsAt: new Date(lawyers.startsAt.getTime()) }, lawyers)).toBe(true);
  });
});

describe('court list', () => {
  it('has unique ids that are the slugs of the names, and notes its source', () => {
    expect(new Set(COURTS.map((c) => c.id)).size).toBe(COURTS.length);
    for (const court of COURTS) expect(court.id).toBe(courtIdOf(court.name));
    expect(COURTS_SOURCE.url).toContain('dane.gov.pl/pl/dataset/985');
    expect(COURTS_SOURCE.licence).not.toBe('');
    expect(COURTS.filter((c) => c.kind === 'SA')).toHaveLength(11);
    expect(COURTS.filter((c) => c.kind === 'SO')).toHaveLength(47);
    // About 318 district courts in the dataset; the hand-made snapshot aims at all of them.
    expect(COURTS.filter((c) => c.kind === 'SR').length).toBeGreaterThan(300);
    for (const court of COURTS) expect(courtKindOf(court.name)).toBe(court.kind);
  });

  it('finds courts by any words of the name or the city, ignoring Polish letters', () => {
    const found = searchCourts('rejonowy mokotow');
    expect(found.map((c) => c.name)).toEqual(['Sąd Rejonowy dla Warszawy-Mokotowa w Warszawie']);
    // 'lodz' alone also matches 'Kłodzku' (a substring of a word), so ask for 'lodzi'.
    const lodz = searchCourts('lodzi');
    expect(lodz.length).toBeGreaterThan(0);
    expect(lodz.every((c) => c.city === 'Łódź')).toBe(true);
    expect(findCourt('sad-okregowy-w-krakowie')?.city).toBe('Kraków');
  });
});
