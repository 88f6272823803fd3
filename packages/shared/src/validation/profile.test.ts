import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { firstIssueByPath } from './issues.ts';
import {
  canAppendJob,
  canAppendReference,
  dropEmptyBlocks,
  isFacebookUrl,
  isLinkedinUrl,
  jobSchemaAt,
  profileSchemaAt,
  referenceSchema,
} from './profile.ts';

const now = new Date('2025-06-15T10:00:00Z');

function errors(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  return result.success ? {} : firstIssueByPath(result.error);
}

const job = {
  positionName: 'Associate',
  employerName: 'Kancelaria X',
  monthStart: '3',
  yearStart: '2020',
  monthEnd: '',
  yearEnd: '',
  stillWorking: true,
};

describe('jobSchema', () => {
  const schema = jobSchemaAt(now);

  it.each([
    [{}, {}],
    [{ positionName: '' }, { positionName: 'validation.positionRequired' }],
    [{ employerName: ' ' }, { employerName: 'validation.employerRequired' }],
    [{ monthStart: '' }, { monthStart: 'validation.monthRequired' }],
    [{ monthStart: '0' }, { monthStart: 'validation.monthRequired' }],
    [{ monthStart: '13' }, { monthStart: 'validation.monthRequired' }],
    [{ monthStart: '123' }, { monthStart: 'validation.monthRequired' }],
    [{ monthStart: '12' }, {}],
    [{ yearStart: '' }, { yearStart: 'validation.yearRequired' }],
    [{ yearStart: '20' }, { yearStart: 'validation.yearRequired' }],
    [{ yearStart: '2026' }, { yearStart: 'validation.yearRequired' }], // after the current year
    [{ yearStart: '1965' }, {}], // 61st entry of the list
    [{ yearStart: '1964' }, { yearStart: 'validation.yearRequired' }],
    [
      { stillWorking: true, monthEnd: '5', yearEnd: '2021' },
      { monthEnd: 'validation.jobEndWhileStillWorking' },
    ],
    [{ stillWorking: true, yearEnd: '2021' }, { monthEnd: 'validation.jobEndWhileStillWorking' }],
    [{ stillWorking: false, monthEnd: '5', yearEnd: '2021' }, {}],
    [{ stillWorking: false, monthEnd: '3', yearEnd: '2020' }, {}], // same month as the start
    [{ stillWorking: false, monthEnd: '2', yearEnd: '2020' }, { yearEnd: 'validation.jobEndBeforeStart' }],
    [{ stillWorking: false, monthEnd: '12', yearEnd: '2019' }, { yearEnd: 'validation.jobEndBeforeStart' }],
    [{ stillWorking: false, monthEnd: '5', yearEnd: '' }, { yearEnd: 'validation.jobEndIncomplete' }],
    [{ stillWorking: false, monthEnd: '', yearEnd: '2021' }, { monthEnd: 'validation.jobEndIncomplete' }],
    [{ stillWorking: false, monthEnd: '', yearEnd: '' }, {}],
    [{ stillWorking: false, monthEnd: '14', yearEnd: '2021' }, { monthEnd: 'validation.optionInvalid' }],
    [{ stillWorking: false, monthEnd: '5', yearEnd: '2030' }, { yearEnd: 'validation.optionInvalid' }],
  ])('%j -> %j', (change, expected) => {
    expect(errors(schema, { ...job, ...change })).toEqual(expected);
  });

  it('turns missing end fields into empty strings and defaults stillWorking', () => {
    const parsed = schema.parse({
      positionName: 'A',
      employerName: 'B',
      monthStart: '01',
      yearStart: '2020',
    });
    expect(parsed).toEqual({
      positionName: 'A',
      employerName: 'B',
      monthStart: '1',
      yearStart: '2020',
      monthEnd: '',
      yearEnd: '',
      stillWorking: false,
    });
  });
});

describe('referenceSchema', () => {
  it.each([
    [{ author: 'Jan', description: 'Polecam' }, {}],
    [{ author: '', description: 'Polecam' }, { author: 'validation.fieldRequired' }],
    [{ author: 'Jan', description: '' }, { description: 'validation.fieldRequired' }],
    [{ author: 'Jan', description: 'x'.repeat(120) }, {}],
    [{ author: '\u200b', description: 'Polecam' }, { author: 'validation.fieldRequired' }],
    [{ author: '123', description: 'Polecam' }, { author: 'validation.nameLetter' }],
    [{ author: 'Jan', description: 'x'.repeat(121) }, { description: 'validation.referenceDescriptionMax' }],
  ])('%j -> %j', (input, expected) => {
    expect(errors(referenceSchema, input)).toEqual(expected);
  });
});

const profile = {
  firstname: 'Jan',
  lastname: 'Kowalski',
  email: 'jan@example.pl',
  phone: '+48 123 456 789',
  permissions: 'radca-prawny',
  licenseNo: 'WA-1234',
  specialization: ['prawo-cywilne', 'prawo-pracy'],
  institution: 'oirp-warszawa',
  description: 'Radca prawny z Warszawy.',
  linkedinUrl: '',
  facebookUrl: '',
  jobs: [job],
  references: [{ author: 'Anna', description: 'Świetna współpraca' }],
};

describe('profileSchema', () => {
  const schema = profileSchemaAt(now);

  it.each([
    [{}, {}],
    [{ firstname: 'J' }, { firstname: 'validation.required' }],
    [{ firstname: 'Jo', lastname: 'Li' }, {}],
    // Issue 19, finding 6: invisible characters are not a name; a name has a letter.
    [{ firstname: '\u200b\u200b\u200b\u200b' }, { firstname: 'validation.required' }],
    [{ firstname: 'J\u200b' }, { firstname: 'validation.required' }],
    [{ firstname: '12' }, { firstname: 'validation.nameLetter' }],
    [{ lastname: '--' }, { lastname: 'validation.nameLetter' }],
    [{ firstname: 'Żaneta', lastname: 'Nowak-Kowalska' }, {}],
    [{ description: '\u202e\u200b' }, { description: 'validation.fieldRequired' }],
    [
      { jobs: [{ ...job, employerName: '\ufeff' }] },
      { 'jobs.0.employerName': 'validation.employerRequired' },
    ],
    [{ lastname: '' }, { lastname: 'validation.required' }],
    [{ email: 'jan' }, { email: 'errors.emailInvalid' }],
    [{ email: undefined }, {}],
    [{ phone: '' }, {}],
    [{ phone: null }, {}],
    [{ phone: undefined }, {}],
    [{ phone: '0123456789' }, { phone: 'validation.phoneInvalid' }],
    [{ phone: '+1234567890123456' }, { phone: 'validation.phoneInvalid' }],
    [{ phone: '12 34' }, {}],
    [{ permissions: '' }, { permissions: 'validation.fieldRequired' }],
    [{ permissions: 'notariusz' }, { permissions: 'validation.fieldRequired' }],
    [{ licenseNo: '' }, { licenseNo: 'validation.fieldRequired' }],
    [{ specialization: [] }, { specialization: 'validation.fieldRequired' }],
    [{ specialization: undefined }, { specialization: 'validation.fieldRequired' }],
    [{ specialization: ['prawo-kosmiczne'] }, { 'specialization.0': 'validation.optionInvalid' }],
    [{ institution: '' }, { institution: 'validation.fieldRequired' }],
    [{ institution: 'oirp-atlantyda' }, { institution: 'validation.optionInvalid' }],
    [{ institution: 'ia-warszawa' }, { institution: 'validation.institutionMismatch' }],
    [{ permissions: 'adwokat', institution: 'ia-warszawa', licenseNo: 'WAW/Adw/1234' }, {}],
    [
      { permissions: 'aplikant-adwokacki', institution: 'oirp-krakow', licenseNo: 'KRA/Apl/1' },
      { institution: 'validation.institutionMismatch' },
    ],
    // Issue 22: the entry number's format follows the professional type (and an advocate's chamber).
    [{ licenseNo: 'WAW/Adw/1234' }, { licenseNo: 'validation.licenceNoLegalCounsel' }],
    [
      { permissions: 'adwokat', institution: 'ia-warszawa', licenseNo: 'WA-1234' },
      { licenseNo: 'validation.licenceNoAdvocate' },
    ],
    [
      { permissions: 'adwokat', institution: 'ia-krakow', licenseNo: 'WAW/Adw/1234' },
      { licenseNo: 'validation.licenceNoChamberMismatch' },
    ],
    [
      { permissions: 'adwokat', institution: 'ia-warszawa', licenseNo: 'WAW/Apl/1234' },
      { licenseNo: 'validation.licenceNoIsTrainee' },
    ],
    [{ description: '' }, { description: 'validation.fieldRequired' }],
    [{ description: 'x'.repeat(200) }, {}],
    [{ description: 'x'.repeat(201) }, { description: 'validation.descriptionMax' }],
    [{ linkedinUrl: 'https://www.linkedin.com/in/jan' }, {}],
    [{ linkedinUrl: 'linkedin.com/in/jan' }, {}],
    [{ linkedinUrl: 'http://linkedin.com/in/jan' }, { linkedinUrl: 'validation.linkedinUrl' }],
    [{ linkedinUrl: 'https://example.com/in/jan' }, { linkedinUrl: 'validation.linkedinUrl' }],
    [{ facebookUrl: 'https://www.facebook.com/jan' }, {}],
    [{ facebookUrl: 'https://facebook.com.evil.pl/jan' }, { facebookUrl: 'validation.facebookUrl' }],
    [{ jobs: [{ ...job, positionName: '' }] }, { 'jobs.0.positionName': 'validation.positionRequired' }],
    [{ jobs: [] }, {}],
    [
      { references: [{ author: 'A', description: '' }] },
      { 'references.0.description': 'validation.fieldRequired' },
    ],
  ])('%j -> %j', (change, expected) => {
    expect(errors(schema, { ...profile, ...change })).toEqual(expected);
  });

  it.each([
    ['radca-prawny', 'oirp-warszawa', ' wa 14592 ', 'WA-14592'],
    ['adwokat', 'ia-warszawa', 'waw / adw / 04150', 'WAW/Adw/4150'],
    ['aplikant-adwokacki', 'ia-lodz', 'ŁÓD-APL-7', 'LOD/Apl/7'],
  ])('stores the entry number of a %s in one form (%s, %j -> %j)', (permissions, institution, typed, stored) => {
    const parsed = schema.parse({ ...profile, permissions, institution, licenseNo: typed });
    expect(parsed.licenseNo).toBe(stored);
  });

  it('normalizes the payload', () => {
    const parsed = schema.parse({
      ...profile,
      phone: ' +48 123-456-789 ',
      linkedinUrl: 'pl.linkedin.com/in/jan',
      specialization: ['prawo-pracy', 'prawo-pracy'],
    });
    expect(parsed.phone).toBe('+48123456789');
    expect(parsed.linkedinUrl).toBe('https://pl.linkedin.com/in/jan');
    expect(parsed.facebookUrl).toBeNull();
    expect(parsed.specialization).toEqual(['prawo-pracy']);
  });

  it('stores texts without format characters, composed (NFC)', () => {
    const parsed = schema.parse({
      ...profile,
      firstname: '\u202eJan',
      lastname: 'Zaja\u0328c\u00ad',
      description: '\u2066Radca\u2069 prawny\u200b.',
      jobs: [{ ...job, positionName: '\ufeffRadca' }],
      references: [{ author: 'An\u200dna', description: 'Polecam\u202c' }],
    });
    expect(parsed.firstname).toBe('Jan');
    expect(parsed.lastname).toBe('Zając');
    expect(parsed.description).toBe('Radca prawny.');
    expect(parsed.jobs[0]!.positionName).toBe('Radca');
    expect(parsed.references[0]).toEqual({ author: 'Anna', description: 'Polecam' });
  });
});

describe('profile URLs', () => {
  it.each([
    ['https://www.linkedin.com/in/jan', true],
    ['https://linkedin.com/in/jan', true],
    ['https://linkedin.com.evil.pl/in/jan', false],
    ['https://notlinkedin.com/in/jan', false],
    ['javascript:alert(1)', false],
  ])('isLinkedinUrl(%j) = %s', (url, expected) => {
    expect(isLinkedinUrl(url)).toBe(expected);
  });

  it('accepts fb.com for Facebook', () => {
    expect(isFacebookUrl('https://fb.com/jan')).toBe(true);
  });
});

const emptyJob = { positionName: '', employerName: ' ', monthStart: '', yearStart: '', stillWorking: false };
const jobA = { ...emptyJob, positionName: 'A' };
const jobB = { ...emptyJob, yearStart: '2020' };
const emptyRef = { author: '', description: '  ' };
const refA = { author: 'A', description: '' };

describe('dropEmptyBlocks', () => {
  it.each([
    [[emptyJob], [emptyJob]],
    [[emptyJob, emptyJob], [emptyJob]],
    [[jobA, emptyJob], [jobA]],
    [
      [emptyJob, jobA, emptyJob, jobB],
      [jobA, jobB],
    ],
    [[], []],
  ])('jobs %j -> %j', (jobs, expected) => {
    expect(dropEmptyBlocks(jobs, []).jobs).toEqual(expected);
  });

  it.each([
    [[emptyRef], []],
    [[refA, emptyRef], [refA]],
    [[emptyRef, refA], [refA]],
  ])('references %j -> %j', (references, expected) => {
    expect(dropEmptyBlocks([], references).references).toEqual(expected);
  });

  it('counts an end date or stillWorking alone as empty', () => {
    expect(
      dropEmptyBlocks([jobA, { ...emptyJob, monthEnd: '1', yearEnd: '2020', stillWorking: true }], []).jobs,
    ).toEqual([jobA]);
  });
});

describe('canAppendJob', () => {
  const started = { positionName: 'A', employerName: 'B', monthStart: '1', yearStart: '2020' };
  it.each([
    [{ ...started, stillWorking: true }, true],
    [{ ...started, monthEnd: '2', yearEnd: '2021' }, true],
    [{ ...started, monthEnd: '2', yearEnd: '' }, false],
    [{ ...started }, false],
    [{ ...started, positionName: '', stillWorking: true }, false],
    [{ ...started, employerName: ' ', stillWorking: true }, false],
    [{ ...started, monthStart: '', stillWorking: true }, false],
    [{ ...started, yearStart: null, stillWorking: true }, false],
  ])('%j -> %s', (draft, expected) => {
    expect(canAppendJob(draft)).toBe(expected);
  });
});

describe('canAppendReference', () => {
  it.each([
    [{ author: 'A', description: '' }, true],
    [{ author: '', description: 'B' }, true],
    [{ author: ' ', description: '' }, false],
    [{}, false],
  ])('%j -> %s', (draft, expected) => {
    expect(canAppendReference(draft)).toBe(expected);
  });
});

// Issue 32: a trainee's training start (month and year), which the board's trainee rule counts from.
describe('profileSchema: training_start', () => {
  const schema = profileSchemaAt(now); // 2025-06-15
  const trainee = { ...profile, permissions: 'aplikant-radcowski', licenseNo: 'WA-1234', institution: 'oirp-warszawa' };

  it.each([
    ['2024-10', {}],
    ['2025-06', {}], // this month
    ['2025-07', { training_start: 'validation.trainingStartFuture' }],
    ['2030-01', { training_start: 'validation.trainingStartFuture' }],
    ['2015-06', {}], // ten years back: the oldest accepted
    ['2015-05', { training_start: 'validation.trainingStartTooEarly' }],
    ['1925-10', { training_start: 'validation.trainingStartTooEarly' }],
    ['2024-13', { training_start: 'validation.trainingStartInvalid' }],
    ['2024-00', { training_start: 'validation.trainingStartInvalid' }],
    ['2024-1', { training_start: 'validation.trainingStartInvalid' }],
    ['10.2024', { training_start: 'validation.trainingStartInvalid' }],
    ['2024-10-01', { training_start: 'validation.trainingStartInvalid' }],
  ])('a trainee with %s -> %j', (training_start, expected) => {
    expect(errors(schema, { ...trainee, training_start })).toEqual(expected);
  });

  it('is optional for a trainee (who then cannot take board requests) and stored as null', () => {
    for (const training_start of [undefined, null, '', '  ']) {
      const parsed = schema.parse({ ...trainee, training_start });
      expect(parsed.training_start).toBeNull();
    }
    expect(schema.parse({ ...trainee, training_start: ' 2024-10 ' }).training_start).toBe('2024-10');
  });

  it('is cleared, not refused, for a profession that is not a trainee’s', () => {
    expect(schema.parse({ ...profile, training_start: '2024-10' }).training_start).toBeNull();
    // Even a wrong value: the field is not shown for them, so whatever the form held is dropped.
    expect(errors(schema, { ...profile, training_start: 'nonsense' })).toEqual({});
    expect(schema.parse({ ...profile, training_start: 'nonsense' }).training_start).toBeNull();
  });

  it('refuses a value that is not text', () => {
    expect(errors(schema, { ...trainee, training_start: 202410 })).toEqual({
      training_start: 'validation.trainingStartInvalid',
    });
  });
});
