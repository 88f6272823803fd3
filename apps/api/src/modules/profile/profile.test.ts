import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { profileJobs, profiles, providerInvoiceData } from '../../db/schema/profile.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const thisYear = () => String(t.clock.now().getUTCFullYear());

function fullProfile() {
  return {
    firstname: 'Łukasz',
    lastname: 'Żółć',
    email: 'ignored@example.com',
    phone: '+48 600 100 200',
    permissions: 'adwokat',
    licenseNo: 'WAW/Adw/1234',
    specialization: ['prawo-karne', 'prawo-cywilne'],
    institution: 'ia-warszawa',
    description: 'Zastępstwa procesowe w sądach warszawskich.',
    linkedinUrl: 'linkedin.com/in/lukasz-zolc',
    facebookUrl: '',
    jobs: [
      {
        positionName: 'Adwokat',
        employerName: 'Kancelaria Żółć',
        monthStart: '03',
        yearStart: '2019',
        monthEnd: '',
        yearEnd: '',
        stillWorking: true,
      },
      {
        positionName: 'Aplikant',
        employerName: 'Kancelaria X',
        monthStart: '1',
        yearStart: '2015',
        monthEnd: '12',
        yearEnd: '2018',
        stillWorking: false,
      },
    ],
    references: [{ author: 'Jan Nowak', description: 'Rzetelny i punktualny.' }],
  };
}

async function put(headers: Record<string, string>, payload: unknown) {
  return t.app.inject({ method: 'PUT', url: '/api/user/profile', headers, payload: payload as object });
}
async function get(headers: Record<string, string>) {
  return t.app.inject({ method: 'GET', url: '/api/user/profile', headers });
}

describe('GET /api/user/profile', () => {
  it('needs a signed-in user', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user/profile' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('auth.unauthenticated');
  });

  it('gives a first-time user an empty inactive draft with the account e-mail', async () => {
    const { user, headers } = await t.seed.session();
    const response = await get(headers);
    expect(response.statusCode).toBe(200);
    const profile = response.json().data;
    expect(profile).toMatchObject({
      userId: user.id,
      firstname: '',
      lastname: '',
      fullname: '',
      phone: null,
      permissions: '',
      specialization: [],
      imageUrl: null,
      cvUrl: null,
      seolink: null,
      email: user.email,
      status: 'inactive',
      stripeAccountId: null,
      jobs: [],
      references: [],
    });
    expect(profile.profileId).toBeGreaterThan(0);
    // A second visit shows the same draft, not another one.
    expect((await get(headers)).json().data.profileId).toBe(profile.profileId);
  });
});

describe('PUT /api/user/profile', () => {
  it('stores a full profile and reads it back', async () => {
    const { user, headers } = await t.seed.session();
    const saved = await put(headers, fullProfile());
    expect(saved.statusCode).toBe(200);

    const profile = (await get(headers)).json().data;
    expect(profile).toMatchObject({
      firstname: 'Łukasz',
      lastname: 'Żółć',
      fullname: 'Łukasz Żółć',
      phone: '+48600100200',
      permissions: 'adwokat',
      licenseNo: 'WAW/Adw/1234',
      specialization: ['prawo-karne', 'prawo-cywilne'],
      institution: 'ia-warszawa',
      description: 'Zastępstwa procesowe w sądach warszawskich.',
      linkedinUrl: 'https://linkedin.com/in/lukasz-zolc',
      facebookUrl: null,
      email: user.email,
      // Complete, but no payment account yet.
      status: 'inactive',
      jobs: [
        {
          positionName: 'Adwokat',
          employerName: 'Kancelaria Żółć',
          monthStart: '3',
          yearStart: '2019',
          monthEnd: '',
          yearEnd: '',
          stillWorking: true,
        },
        {
          positionName: 'Aplikant',
          employerName: 'Kancelaria X',
          monthStart: '1',
          yearStart: '2015',
          monthEnd: '12',
          yearEnd: '2018',
          stillWorking: false,
        },
      ],
      references: [{ author: 'Jan Nowak', description: 'Rzetelny i punktualny.' }],
    });
    expect(profile.seolink).toMatch(/^lukasz-zolc(-\d+)?$/);
    expect(saved.json().data).toEqual(profile);

    // Spec 3: the specializations are one string joined by comma and space.
    const [row] = await t.db.select().from(profiles).where(eq(profiles.userId, user.id));
    expect(row?.specialization).toBe('prawo-karne, prawo-cywilne');
  });

  it('replaces jobs and references as a whole', async () => {
    const { headers } = await t.seed.session();
    await put(headers, fullProfile());
    const fewer = { ...fullProfile(), jobs: [fullProfile().jobs[1]], references: [] };
    const response = await put(headers, fewer);
    expect(response.statusCode).toBe(200);
    const profile = response.json().data;
    expect(profile.jobs.map((j: { positionName: string }) => j.positionName)).toEqual(['Aplikant']);
    expect(profile.references).toEqual([]);
    const rows = await t.db.select().from(profileJobs).where(eq(profileJobs.profileId, profile.profileId));
    expect(rows).toHaveLength(1);
  });

  it('drops empty job and reference blocks before validating, as the form does', async () => {
    const { headers } = await t.seed.session();
    const emptyJob = {
      positionName: '',
      employerName: ' ',
      monthStart: '',
      yearStart: '',
      stillWorking: false,
    };
    const response = await put(headers, {
      ...fullProfile(),
      jobs: [fullProfile().jobs[0], emptyJob],
      references: [{ author: '', description: '' }],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.jobs).toHaveLength(1);
    expect(response.json().data.references).toEqual([]);
  });

  it('ignores what only the server decides: status, seolink, ids, files, account', async () => {
    const { user, headers } = await t.seed.session();
    const other = await t.seed.session();
    const otherProfile = (await get(other.headers)).json().data;
    const response = await put(headers, {
      ...fullProfile(),
      status: 'active',
      seolink: 'chosen-by-client',
      profileId: otherProfile.profileId,
      userId: other.user.id,
      imageUrl: 'avatars/someone-else.webp',
      stripeAccountId: 'acct_123',
    });
    expect(response.statusCode).toBe(200);
    const mine = response.json().data;
    expect(mine).toMatchObject({
      userId: user.id,
      status: 'inactive',
      imageUrl: null,
      stripeAccountId: null,
    });
    expect(mine.seolink).not.toBe('chosen-by-client');
    expect(mine.profileId).not.toBe(otherProfile.profileId);
    // The other user's profile is untouched.
    expect((await get(other.headers)).json().data).toEqual(otherProfile);
  });

  const invalid: [string, (p: ReturnType<typeof fullProfile>) => unknown, string][] = [
    ['firstname', (p) => ({ ...p, firstname: 'A' }), 'validation.required'],
    ['lastname', (p) => ({ ...p, lastname: ' ' }), 'validation.required'],
    ['phone', (p) => ({ ...p, phone: '0123' }), 'validation.phoneInvalid'],
    ['permissions', (p) => ({ ...p, permissions: 'notariusz' }), 'validation.fieldRequired'],
    ['licenseNo', (p) => ({ ...p, licenseNo: '' }), 'validation.fieldRequired'],
    ['specialization', (p) => ({ ...p, specialization: [] }), 'validation.fieldRequired'],
    ['specialization.0', (p) => ({ ...p, specialization: ['prawo-kosmiczne'] }), 'validation.optionInvalid'],
    ['institution', (p) => ({ ...p, institution: 'oirp-warszawa' }), 'validation.institutionMismatch'],
    ['description', (p) => ({ ...p, description: 'x'.repeat(201) }), 'validation.descriptionMax'],
    ['linkedinUrl', (p) => ({ ...p, linkedinUrl: 'https://evil.example/in/x' }), 'validation.linkedinUrl'],
    [
      'jobs.0.positionName',
      (p) => ({ ...p, jobs: [{ ...p.jobs[1], positionName: '' }] }),
      'validation.positionRequired',
    ],
    [
      'jobs.0.yearStart',
      (p) => ({ ...p, jobs: [{ ...p.jobs[1], yearStart: '1900' }] }),
      'validation.yearRequired',
    ],
    [
      'jobs.0.yearEnd',
      (p) => ({ ...p, jobs: [{ ...p.jobs[1], yearEnd: '2014' }] }),
      'validation.jobEndBeforeStart',
    ],
    [
      'references.0.description',
      (p) => ({ ...p, references: [{ author: 'A', description: 'x'.repeat(121) }] }),
      'validation.referenceDescriptionMax',
    ],
  ];

  it.each(invalid)('refuses an invalid %s with its key and stores nothing', async (field, change, key) => {
    const { headers } = await t.seed.session();
    const before = (await get(headers)).json().data;
    const response = await put(headers, change(fullProfile()));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation.failed', errors: { [field]: key } });
    expect((await get(headers)).json().data).toEqual(before);
  });

  it('keeps the stored profile when a later save is invalid', async () => {
    const { headers } = await t.seed.session();
    const saved = (await put(headers, fullProfile())).json().data;
    const response = await put(headers, {
      ...fullProfile(),
      firstname: 'Jan',
      jobs: [{ positionName: 'x' }],
    });
    expect(response.statusCode).toBe(400);
    expect((await get(headers)).json().data).toEqual(saved);
  });

  it('refuses a name of invisible characters or without a letter (issue 19, finding 6)', async () => {
    const { headers } = await t.seed.session();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ firstname: '\u200b\u200b\u200b\u200b' }, { firstname: 'validation.required' }],
      [{ firstname: '\u200bJ\u200b' }, { firstname: 'validation.required' }],
      [{ lastname: '\ufeff\u00ad\u2060' }, { lastname: 'validation.required' }],
      [{ firstname: '12' }, { firstname: 'validation.nameLetter' }],
    ];
    for (const [change, errors] of cases) {
      const response = await put(headers, { ...fullProfile(), ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().errors).toEqual(errors);
    }
    expect((await get(headers)).json().data.firstname).toBe('');
  });

  it('stores every text without format characters and composed (NFC)', async () => {
    const { user, headers } = await t.seed.session();
    const response = await put(headers, {
      ...fullProfile(),
      firstname: '\u202eJan',
      lastname: 'Zaja\u0328c\u200b',
      description: '\u2066Zastępstwa\u2069 procesowe.',
      jobs: [{ ...fullProfile().jobs[0], employerName: '\ufeffKancelaria' }],
      references: [{ author: 'Anna\u200d', description: '\u202bPolecam' }],
    });
    expect(response.statusCode).toBe(200);
    const saved = response.json().data;
    expect(saved).toMatchObject({
      firstname: 'Jan',
      lastname: 'Zając',
      fullname: 'Jan Zając',
      description: 'Zastępstwa procesowe.',
      references: [{ author: 'Anna', description: 'Polecam' }],
    });
    expect(saved.seolink).toMatch(/^jan-zajac(-\d+)?$/);
    expect(saved.jobs[0].employerName).toBe('Kancelaria');
    const [row] = await t.db.select().from(profiles).where(eq(profiles.userId, user.id));
    expect([row!.firstname, row!.lastname]).toEqual(['Jan', 'Zając']);
  });

  it('accepts a job ending this year', async () => {
    const { headers } = await t.seed.session();
    const job = { ...fullProfile().jobs[1], yearEnd: thisYear() };
    expect((await put(headers, { ...fullProfile(), jobs: [job] })).statusCode).toBe(200);
  });
});

describe('seolink', () => {
  it('transliterates Polish letters and numbers repeated names', async () => {
    const name = { firstname: 'Zażółć', lastname: 'Gęślą-Jaźń' };
    const links: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { headers } = await t.seed.session();
      links.push((await put(headers, { ...fullProfile(), ...name })).json().data.seolink);
    }
    expect(links).toEqual(['zazolc-gesla-jazn', 'zazolc-gesla-jazn-2', 'zazolc-gesla-jazn-3']);
  });

  it('gives every one of several simultaneous saves of one name its own link', async () => {
    const sessions = await Promise.all([1, 2, 3, 4].map(() => t.seed.session()));
    const responses = await Promise.all(
      sessions.map(({ headers }) =>
        put(headers, { ...fullProfile(), firstname: 'Ewa', lastname: 'Równoległa' }),
      ),
    );
    const links = responses.map((r) => r.json().data.seolink);
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(links).size).toBe(4);
    for (const link of links) expect(link).toMatch(/^ewa-rownolegla(-[2-4])?$/);
  });

  it('follows name changes while the profile has never been public, and keeps its number otherwise', async () => {
    const first = await t.seed.session();
    const second = await t.seed.session();
    await put(first.headers, { ...fullProfile(), firstname: 'Anna', lastname: 'Stała' });
    const numbered = (
      await put(second.headers, { ...fullProfile(), firstname: 'Anna', lastname: 'Stała' })
    ).json().data.seolink;
    expect(numbered).toBe('anna-stala-2');
    // Saving again under the same name keeps -2, even after the plain link is freed.
    await put(first.headers, { ...fullProfile(), firstname: 'Anna', lastname: 'Inna' });
    expect(
      (await put(second.headers, { ...fullProfile(), firstname: 'Anna', lastname: 'Stała' })).json().data
        .seolink,
    ).toBe('anna-stala-2');
    expect((await get(first.headers)).json().data.seolink).toBe('anna-inna');
  });

  it('falls back to "profil" for a name without Latin letters or digits', async () => {
    const { headers } = await t.seed.session();
    const link = (await put(headers, { ...fullProfile(), firstname: 'Ωμέγα', lastname: 'Δέλτα' })).json().data
      .seolink;
    expect(link).toMatch(/^(omega-delta|profil(-\d+)?)$/);
  });
});

describe('invoice data', () => {
  const valid = {
    invoice_nip: '5260250274',
    invoice_company: 'Kancelaria Adwokacka Łukasz Żółć',
    invoice_street: 'Marszałkowska 1/2',
    invoice_postcode: '00-001',
    invoice_city: 'Warszawa',
    invoice_bank_account: 'PL61 1090 1014 0000 0712 1981 2874',
  };

  it('starts empty, stores and reads back, and checks the IBAN when given', async () => {
    const { headers } = await t.seed.session();
    const empty = await t.app.inject({ method: 'GET', url: '/api/user/profile/invoice', headers });
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data).toEqual({
      invoice_nip: '',
      invoice_company: '',
      invoice_street: '',
      invoice_postcode: '',
      invoice_city: '',
      invoice_bank_account: null,
    });

    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile/invoice',
      headers,
      payload: valid,
    });
    expect(saved.statusCode).toBe(200);
    const expected = { ...valid, invoice_bank_account: 'PL61109010140000071219812874' };
    expect(saved.json().data).toEqual(expected);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user/profile/invoice', headers })).json().data,
    ).toEqual(expected);

    const noAccount = await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile/invoice',
      headers,
      payload: { ...valid, invoice_bank_account: '' },
    });
    expect(noAccount.json().data.invoice_bank_account).toBeNull();
  });

  it.each([
    ['PL 526-025-02-74', '5260250274'],
    ['５２６０２５０２７４', '5260250274'],
    ['5260250274\u202e', '5260250274'],
    ['\u200b526\u2013025\u201302\u201374', '5260250274'],
  ])('stores the NIP %j as %s (issue 19, finding 6)', async (input, stored) => {
    const { user, headers } = await t.seed.session();
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile/invoice',
      headers,
      payload: { ...valid, invoice_nip: input },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.invoice_nip).toBe(stored);
    const [row] = await t.db
      .select()
      .from(providerInvoiceData)
      .where(eq(providerInvoiceData.userId, user.id));
    expect(row!.nip).toBe(stored);
  });

  it.each([
    ['invoice_nip', { invoice_nip: '123' }, 'validation.invoiceNipLength'],
    ['invoice_nip', { invoice_nip: 'abcdefghij' }, 'validation.invoiceNipDigits'],
    ['invoice_nip', { invoice_nip: '5260250275' }, 'validation.nipChecksum'],
    ['invoice_nip', { invoice_nip: '12345678901' }, 'validation.nipChecksum'],
    ['invoice_company', { invoice_company: '\u200b\u202e' }, 'validation.fieldRequired'],
    ['invoice_company', { invoice_company: '' }, 'validation.fieldRequired'],
    ['invoice_postcode', { invoice_postcode: '00001' }, 'validation.postCodeFormat'],
    ['invoice_city', { invoice_city: ' ' }, 'validation.fieldRequired'],
    [
      'invoice_bank_account',
      { invoice_bank_account: 'PL00 1090 1014 0000 0712 1981 2874' },
      'validation.bankAccountInvalid',
    ],
  ])('refuses an invalid %s and stores nothing', async (field, change, key) => {
    const { user, headers } = await t.seed.session();
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile/invoice',
      headers,
      payload: { ...valid, ...change },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ [field]: key });
    expect(
      await t.db.select().from(providerInvoiceData).where(eq(providerInvoiceData.userId, user.id)),
    ).toEqual([]);
  });

  it("never shows or changes another user's invoice data", async () => {
    const owner = await t.seed.session();
    const other = await t.seed.session();
    await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile/invoice',
      headers: owner.headers,
      payload: valid,
    });
    const seen = await t.app.inject({
      method: 'GET',
      url: '/api/user/profile/invoice',
      headers: other.headers,
    });
    expect(seen.json().data.invoice_nip).toBe('');
    await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile/invoice',
      headers: other.headers,
      payload: { ...valid, invoice_city: 'Kraków', userId: owner.user.id },
    });
    const ownerData = await t.app.inject({
      method: 'GET',
      url: '/api/user/profile/invoice',
      headers: owner.headers,
    });
    expect(ownerData.json().data.invoice_city).toBe('Warszawa');
  });
});

// Issue 32: the trainee's training start, which the board's trainee rule counts from.
describe('training_start in PUT/GET /api/user/profile', () => {
  const monthOf = (date: Date, monthsBack: number) => {
    const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - monthsBack, 15));
    return d.toISOString().slice(0, 7);
  };
  const trainee = () => ({
    ...fullProfile(),
    permissions: 'aplikant-radcowski',
    licenseNo: 'WA-7788',
    institution: 'oirp-warszawa',
  });
  const stored = async (userId: string) =>
    (await t.db.select().from(profiles).where(eq(profiles.userId, userId)))[0]?.trainingStart;

  it('stores a trainee’s month and answers it', async () => {
    const { user, headers } = await t.seed.session();
    const start = monthOf(t.clock.now(), 8);
    const saved = await put(headers, { ...trainee(), training_start: start });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.training_start).toBe(start);
    expect((await get(headers)).json().data.training_start).toBe(start);
    expect(await stored(user.id)).toBe(start);
  });

  it('is null before it is given, and a trainee may save without it', async () => {
    const { user, headers } = await t.seed.session();
    expect((await get(headers)).json().data.training_start).toBeNull();
    const saved = await put(headers, trainee());
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.training_start).toBeNull();
    expect(await stored(user.id)).toBeNull();
  });

  it.each([
    ['in the future', (now: Date) => monthOf(now, -1), 'validation.trainingStartFuture'],
    ['more than ten years back', (now: Date) => monthOf(now, 121), 'validation.trainingStartTooEarly'],
    ['not a month', () => '2024-13', 'validation.trainingStartInvalid'],
    ['a whole date', () => '2024-10-01', 'validation.trainingStartInvalid'],
  ])('refuses a start %s and keeps the stored one', async (_name, value, code) => {
    const { user, headers } = await t.seed.session();
    const start = monthOf(t.clock.now(), 3);
    await put(headers, { ...trainee(), training_start: start });
    const refused = await put(headers, { ...trainee(), training_start: value(t.clock.now()) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'validation.failed', errors: { training_start: code } });
    expect(await stored(user.id)).toBe(start);
  });

  it('is cleared when the profession is no longer a trainee’s', async () => {
    const { user, headers } = await t.seed.session();
    await put(headers, { ...trainee(), training_start: monthOf(t.clock.now(), 20) });
    const saved = await put(headers, { ...fullProfile(), training_start: monthOf(t.clock.now(), 20) });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.training_start).toBeNull();
    expect(await stored(user.id)).toBeNull();
  });
});
