import { eq } from 'drizzle-orm';
import type { ProfileDto } from '@substytut/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerFixture, startFakeRegister, type FakeRegister } from '../../../test/fake-register.ts';
import {
  createEmptyPgDatabase,
  createSeed,
  createTestApp,
  createTestDatabase,
  csrfHeaders,
  licenceCodeSentTo,
  migrationsDir,
  type TestApp,
} from '../../../test/helpers.ts';
import { composeApp } from '../../composition/build-app.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { licenceChecks, mailOutbox, profiles } from '../../db/schema.ts';
import { createTestClock } from '../../../test/test-clock.ts';
import { parseRegisterPage, registerSearchUrl } from './advocates-register.ts';
import { profilesDueForCheck } from './licence.repo.ts';
import { checkLicence, REGISTER_RETRY_MS, runLicenceChecks } from './licence.service.ts';

describe('parseRegisterPage (recorded, reconstructed pages)', () => {
  it('reads a results table: names, entry number, chamber and status', () => {
    expect(parseRegisterPage(registerFixture('search-practising.html'))).toEqual([
      {
        firstnames: 'Anna Maria',
        lastname: 'Nowak',
        licenseNo: 'WAW/Adw/90002',
        chamber: 'Izba Adwokacka w Warszawie',
        status: 'Wykonujący zawód',
        profilePath: '/adwokat/anna-nowak-90002',
      },
    ]);
    expect(parseRegisterPage(registerFixture('search-two-results.html')).map((e) => e.licenseNo)).toEqual([
      'KRA/Adw/90010',
      'WAW/Adw/90002',
    ]);
  });

  it('reads an entry page of label/value pairs the same way, with its contacts', () => {
    const { profilePath: _link, ...row } = parseRegisterPage(registerFixture('search-practising.html'))[0]!;
    expect(parseRegisterPage(registerFixture('entry-practising.html'))).toEqual([
      { ...row, email: 'anna.nowak@kancelaria-nowak.example.com', phone: '+48 22 000 00 02' },
    ]);
  });

  it('joins the e-mail the register splits across data attributes (issue 30), and finds none where none is listed', () => {
    expect(parseRegisterPage(registerFixture('entry-trainee.html'))[0]).toMatchObject({
      licenseNo: 'GDA/Apl/90005',
      email: 'michal.zielinski@aplikant.example.com',
    });
    expect(parseRegisterPage(registerFixture('entry-trainee.html'))[0]?.phone).toBeUndefined();
    expect(parseRegisterPage(registerFixture('entry-no-contact.html'))[0]?.email).toBeUndefined();
    // Half an address is no address.
    const half = registerFixture('entry-practising.html').replace('data-eb="kancelaria-nowak.example.com"', 'data-eb=""');
    expect(parseRegisterPage(half)[0]?.email).toBeUndefined();
  });

  // Issue 32: a trainee's date of entry on the list of trainees, where the page gives it.
  it('reads the date of entry on the trainees list as its month, and none where the page has none', () => {
    expect(parseRegisterPage(registerFixture('entry-trainee-dated.html'))[0]?.traineeListSince).toBe('2025-01');
    expect(parseRegisterPage(registerFixture('entry-trainee.html'))[0]?.traineeListSince).toBeUndefined();
    const dotted = registerFixture('entry-trainee-dated.html').replace(
      '<dt>Data wpisu na listę aplikantów:</dt><dd>2025-01-02</dd>',
      '<dt>Data wpisu:</dt><dd>02.10.2024</dd>',
    );
    expect(parseRegisterPage(dotted)[0]?.traineeListSince).toBe('2024-10');
    const nonsense = registerFixture('entry-trainee-dated.html').replace('2025-01-02', 'wkrótce');
    expect(parseRegisterPage(nonsense)[0]?.traineeListSince).toBeUndefined();
  });

  it('finds nothing on the empty result page or a page of another shape', () => {
    expect(parseRegisterPage(registerFixture('search-empty.html'))).toEqual([]);
    expect(parseRegisterPage('<html><body><h1>Przerwa techniczna</h1></body></html>')).toEqual([]);
  });

  it('asks by surname, first name and entry number', () => {
    const url = new URL(
      registerSearchUrl('https://rejestradwokatow.pl', {
        firstname: 'Anna',
        lastname: 'Nowak',
        professionalType: 'adwokat',
        institution: 'ia-warszawa',
        licenseNo: 'WAW/Adw/90002',
      }),
    );
    expect(url.origin + url.pathname).toBe('https://rejestradwokatow.pl/adwokat/wyszukaj');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      nazwisko: 'Nowak',
      imie: 'Anna',
      numer_wpisu: 'WAW/Adw/90002',
    });
  });
});

let fake: FakeRegister;
let t: TestApp;
let csrf: Record<string, string>;

beforeAll(async () => {
  fake = await startFakeRegister();
  fake.pages.set('WAW/Adw/90002', 'search-two-results.html');
  fake.pages.set('KRA/Adw/90003', 'search-non-practising.html');
  fake.pages.set('GDA/Apl/90005', 'search-trainee.html');
  fake.entryPages.set('/adwokat/anna-nowak-90002', 'entry-practising.html');
  fake.entryPages.set('/adwokat/michal-zielinski-90005', 'entry-trainee.html');
  // The fake answers in this process: a generous timeout, so a busy machine is not a timed-out register.
  t = await createTestApp({
    env: {
      LICENCE_REGISTER: 'advocates',
      LICENCE_REGISTER_URL: fake.url,
      LICENCE_REGISTER_TIMEOUT_MS: '3000',
      LICENCE_REGISTER_PAGE_DELAY_MS: '0',
    },
  });
  csrf = await csrfHeaders(t.app);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.hang = false;
  fake.failWith = null;
  // Past every request slot an earlier test took and the hour of the register cache: each test
  // starts with the register free and asks it afresh.
  t.clock.advance(2 * 3_600_000);
});

let addresses = 0;
const remoteAddress = () => `10.23.0.${++addresses}`;

const annaNowak = {
  firstname: 'Anna',
  lastname: 'Nowak',
  phone: '',
  permissions: 'adwokat',
  licenseNo: 'WAW/Adw/90002',
  specialization: ['prawo-cywilne'],
  institution: 'ia-warszawa',
  description: 'Adwokat z Warszawy.',
  jobs: [],
  references: [],
};

const NOWAK_MAIL = 'anna.nowak@kancelaria-nowak.example.com';

/** A lawyer whose profile is saved; with this adapter the check runs after the answer. */
async function lawyerWith(overrides: Record<string, unknown> = {}) {
  // One entry number, one verified account (issue 30): earlier tests' lawyers give it up.
  await t.db
    .update(profiles)
    .set({ licenceState: 'unverified', licenceMethod: null, licenceVerifiedAt: null })
    .where(eq(profiles.licenseNo, String(overrides.licenseNo ?? annaNowak.licenseNo)));
  const session = await t.seed.session();
  const headers = { ...session.headers, ...csrf };
  await t.seed.profile({ userId: session.user.id, active: true, licenceState: 'unverified', licenceMethod: null });
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/user/profile',
    headers,
    payload: { ...annaNowak, ...overrides },
    remoteAddress: remoteAddress(),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  await t.app.background.idle();
  return { ...session, headers, profileId: saved.json<{ data: ProfileDto }>().data.profileId };
}

async function profileRow(id: number) {
  const [row] = await t.db.select().from(profiles).where(eq(profiles.id, id));
  if (!row) throw new Error('no profile');
  return row;
}

/** The code from the register's e-mail, typed back: the licence is verified. */
async function typeCodeFrom(lawyer: { headers: Record<string, string> }, contact: string) {
  const typed = await t.app.inject({
    method: 'POST',
    url: '/api/user/profile/licence/code',
    headers: lawyer.headers,
    payload: { code: await licenceCodeSentTo(t.db, contact) },
    remoteAddress: remoteAddress(),
  });
  expect(typed.statusCode, typed.body).toBe(200);
  return typed.json().data.licence as { state: string };
}

const checksOf = (id: number) =>
  t.db.select().from(licenceChecks).where(eq(licenceChecks.profileId, id)).orderBy(licenceChecks.id);

describe('the advocates register adapter against a local fake', () => {
  it('verifies the entry whose number, name and chamber match among several results, with the page as evidence', async () => {
    const before = fake.requests.length;
    const lawyer = await lawyerWith();
    // The search, then (issue 30) the matched entry's own page for its contacts.
    expect(fake.requests.slice(before).map((r) => r.path.split('?')[0])).toEqual([
      '/adwokat/wyszukaj',
      '/adwokat/anna-nowak-90002',
    ]);
    expect((await profileRow(lawyer.profileId)).licenceState).toBe('code_sent');
    const [check] = await checksOf(lawyer.profileId);
    expect(check).toMatchObject({ source: 'advocates_register', outcome: 'verified' });
    expect(check?.url).toBe(`${fake.url}${fake.requests.at(-2)?.path}`);
    expect(check?.sha256).toMatch(/^[0-9a-f]{64}$/);
    const parsed = check?.parsed as { matched: { licenseNo: string; email: string }; profile: { url: string; sha256: string } };
    expect(parsed.matched).toMatchObject({ licenseNo: 'WAW/Adw/90002', email: NOWAK_MAIL, phone: '+48 22 000 00 02' });
    expect(parsed.profile).toEqual({ url: `${fake.url}/adwokat/anna-nowak-90002`, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    // The code went to the address the register's page lists; typing it verifies.
    expect((await typeCodeFrom(lawyer, NOWAK_MAIL)).state).toBe('verified');
  });

  // Issue 32: the trainee's date of entry on the trainees list, where the entry's page gives it.
  it('compares a trainee’s training start with the date the entry page gives', async () => {
    const trainee = {
      firstname: 'Michał',
      lastname: 'Zieliński',
      permissions: 'aplikant-adwokacki',
      licenseNo: 'GDA/Apl/90005',
      institution: 'ia-gdansk',
    };
    fake.entryPages.set('/adwokat/michal-zielinski-90005', 'entry-trainee-dated.html');
    try {
      const wrong = await lawyerWith({ ...trainee, training_start: '2024-06' });
      expect(await profileRow(wrong.profileId)).toMatchObject({
        licenceState: 'rejected',
        licenceReason: 'licence.reason.training_start_mismatch',
      });
      t.clock.advance(2 * 3_600_000);
      const right = await lawyerWith({ ...trainee, training_start: '2025-01' });
      expect((await profileRow(right.profileId)).licenceState).toBe('code_sent');
    } finally {
      fake.entryPages.set('/adwokat/michal-zielinski-90005', 'entry-trainee.html');
    }
  });

  it('an entry page that lists no e-mail sends the licence to review (no contact)', async () => {
    fake.entryPages.set('/adwokat/anna-nowak-90002', 'entry-no-contact.html');
    try {
      const lawyer = await lawyerWith();
      expect(await profileRow(lawyer.profileId)).toMatchObject({
        licenceState: 'manual_review',
        licenceReason: 'licence.reason.no_contact',
      });
    } finally {
      fake.entryPages.set('/adwokat/anna-nowak-90002', 'entry-practising.html');
    }
  });

  it('a save answers at once with the licence queued; the register is asked after the answer', async () => {
    const session = await t.seed.session();
    const headers = { ...session.headers, ...csrf };
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers,
      payload: { ...annaNowak, firstname: 'Anna', lastname: 'Nowak' },
      remoteAddress: remoteAddress(),
    });
    expect(saved.json().data.licence.state).toBe('pending');
    await t.app.background.idle();
    const read = await t.app.inject({ url: '/api/user/profile', headers });
    expect(read.json().data.licence.state).toBe('code_sent');
  });

  it('rejects a non-practising advocate and one the register does not list', async () => {
    const notPractising = await lawyerWith({
      firstname: 'Tomasz',
      lastname: 'Wiśniewski',
      licenseNo: 'KRA/Adw/90003',
      institution: 'ia-krakow',
    });
    expect(await profileRow(notPractising.profileId)).toMatchObject({
      licenceState: 'rejected',
      licenceReason: 'licence.reason.not_practising',
    });
    t.clock.advance(10_000);
    const unknown = await lawyerWith({ licenseNo: 'WAW/Adw/90999' });
    expect(await profileRow(unknown.profileId)).toMatchObject({
      licenceState: 'rejected',
      licenceReason: 'licence.reason.not_found',
    });
  });

  it('answers the same question from the cache within the hour, without a request', async () => {
    const first = await lawyerWith({ firstname: 'Michał', lastname: 'Zieliński', permissions: 'aplikant-adwokacki', licenseNo: 'GDA/Apl/90005', institution: 'ia-gdansk' });
    expect((await typeCodeFrom(first, 'michal.zielinski@aplikant.example.com')).state).toBe('verified');
    const requests = fake.requests.length;
    t.clock.advance(10_000);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/profile/licence/check',
      headers: first.headers,
      remoteAddress: remoteAddress(),
    });
    expect(response.json().data.licence.state).toBe('verified');
    expect(fake.requests.length).toBe(requests);
    expect((await checksOf(first.profileId)).map((c) => c.source)).toEqual(['advocates_register', 'code', 'advocates_register']);
  });

  it('sends no second request within 10 s: the licence waits as pending for the clock job', async () => {
    const first = await lawyerWith();
    expect((await profileRow(first.profileId)).licenceState).toBe('code_sent');
    const requests = fake.requests.length;
    const second = await lawyerWith({ firstname: 'Tomasz', lastname: 'Wiśniewski', licenseNo: 'KRA/Adw/90003', institution: 'ia-krakow' });
    expect(fake.requests.length).toBe(requests);
    expect((await profileRow(second.profileId)).licenceState).toBe('pending');
    // The clock job takes queued checks oldest first, one request per 10 s.
    for (let tick = 0; tick < 20 && (await profileRow(second.profileId)).licenceState === 'pending'; tick++) {
      t.clock.advance(10_000);
      await runLicenceChecks(t.services.licence, 1000);
    }
    expect(fake.requests.length).toBeGreaterThan(requests);
    expect(await profileRow(second.profileId)).toMatchObject({ licenceState: 'rejected', licenceReason: 'licence.reason.not_practising' });
  });

  it('a register that times out sends a new licence to manual review, and the job asks again later', async () => {
    fake.hang = true;
    // Never positive before (a positive result younger than 72 h would still count).
    const lawyer = await lawyerWith({
      firstname: 'Tomasz',
      lastname: 'Wiśniewski',
      licenseNo: 'KRA/Adw/90003',
      institution: 'ia-krakow',
    });
    expect(await profileRow(lawyer.profileId)).toMatchObject({
      licenceState: 'manual_review',
      licenceReason: 'licence.reason.register_unavailable',
    });
    const [check] = await checksOf(lawyer.profileId);
    expect(check).toMatchObject({ outcome: 'unavailable', parsed: { error: 'timeout' } });
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, lawyer.user.email));
    expect(mails.map((m) => m.subject)).toEqual(['Weryfikacja uprawnień przez administratora — Substytut']);

    fake.hang = false;
    t.clock.advance(11 * 60_000);
    const due = await profilesDueForCheck(t.db, {
      retryBefore: new Date(t.clock.now().getTime() - REGISTER_RETRY_MS),
      recheckBefore: new Date(0),
      limit: 1000,
    });
    expect(due).toContain(lawyer.profileId);
    await checkLicence(t.services.licence, lawyer.profileId);
    expect(await profileRow(lawyer.profileId)).toMatchObject({
      licenceState: 'rejected',
      licenceReason: 'licence.reason.not_practising',
    });
  });

  it('keeps a verified licence through an unreachable register within 72 h of its 30 days, then takes the badge away and says so', async () => {
    const lawyer = await lawyerWith();
    expect((await typeCodeFrom(lawyer, NOWAK_MAIL)).state).toBe('verified');
    fake.failWith = 503;
    t.clock.advance(31 * 86_400_000);
    await checkLicence(t.services.licence, lawyer.profileId);
    expect((await profileRow(lawyer.profileId)).licenceState).toBe('verified');
    t.clock.advance(2 * 86_400_000 + 60_000);
    await checkLicence(t.services.licence, lawyer.profileId);
    expect(await profileRow(lawyer.profileId)).toMatchObject({
      licenceState: 'manual_review',
      licenceReason: 'licence.reason.register_unavailable',
    });
    const subjects = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, lawyer.user.email))).map((m) => m.subject);
    expect(subjects).toContain('Twoje uprawnienia wymagają ponownej weryfikacji — Substytut');
  });

  it('a struck-off advocate loses the badge at the re-check and is told', async () => {
    const lawyer = await lawyerWith({ firstname: 'Anna', lastname: 'Nowak', licenseNo: 'WAW/Adw/90002' });
    expect((await typeCodeFrom(lawyer, NOWAK_MAIL)).state).toBe('verified');
    fake.pages.set('WAW/Adw/90002', 'search-empty.html');
    t.clock.advance(31 * 86_400_000);
    await checkLicence(t.services.licence, lawyer.profileId);
    expect(await profileRow(lawyer.profileId)).toMatchObject({ licenceState: 'rejected', licenceMethod: null });
    const subjects = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, lawyer.user.email))).map((m) => m.subject);
    expect(subjects).toContain('Twoje uprawnienia wymagają ponownej weryfikacji — Substytut');
    fake.pages.set('WAW/Adw/90002', 'search-two-results.html');
  });
});

describe('two app instances on one database', () => {
  /** Two handles on one database: two pools on one PostgreSQL server, or the one PGlite twice. */
  async function sharedDatabase(): Promise<{ first: Database; second: Database; close(): Promise<void> }> {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) {
      const database = await createTestDatabase();
      const borrowed = { ...database, close: async () => undefined };
      return { first: borrowed, second: borrowed, close: () => database.close() };
    }
    const created = await createEmptyPgDatabase(serverUrl, 'substytut_test_i22');
    const first = await openDatabase({ databaseUrl: created.url, migrationsDir });
    const second = await openDatabase({ databaseUrl: created.url, migrationsDir });
    return {
      first: { ...first, close: async () => undefined },
      second: { ...second, close: async () => undefined },
      async close() {
        await first.close();
        await second.close();
        await created.drop();
      },
    };
  }

  it('share the register slot: of two checks at once only one request goes out', async () => {
    const clock = createTestClock(new Date(t.clock.now().getTime() + 86_400_000));
    const databases = await sharedDatabase();
    const a = await composeApp(t.config, { database: databases.first, clock });
    const b = await composeApp(t.config, { database: databases.second, clock });
    try {
      const seed = createSeed(a.app.db, clock);
      const ids: number[] = [];
      for (const [firstname, lastname, licenseNo, institution] of [
        // Neither matches, so each check is one request (a match also reads the entry's page).
        ['Ewa', 'Lewandowska', 'POZ/Adw/90004', 'ia-poznan'],
        ['Tomasz', 'Wiśniewski', 'KRA/Adw/90003', 'ia-krakow'],
      ] as const) {
        const p = await seed.profile({
          firstname,
          lastname,
          licenseNo,
          institution,
          permissions: 'adwokat',
          licenceState: 'pending',
          licenceMethod: null,
        });
        ids.push(p.id);
      }
      const before = fake.requests.length;
      const results = await Promise.all([
        checkLicence(a.services.licence, ids[0]!),
        checkLicence(b.services.licence, ids[1]!),
      ]);
      expect([...results].sort()).toEqual(['busy', 'checked']);
      expect(fake.requests.length).toBe(before + 1);
      const waiting = results[0] === 'busy' ? ids[0]! : ids[1]!;
      const [queued] = await a.app.db.select().from(profiles).where(eq(profiles.id, waiting));
      expect(queued?.licenceState).toBe('pending');
      // Within the 10 s neither instance may ask; after them the other one may.
      clock.advance(9_000);
      expect(await checkLicence(b.services.licence, waiting)).toBe('busy');
      clock.advance(1_000);
      expect(await checkLicence(a.services.licence, waiting)).toBe('checked');
      expect(fake.requests.length).toBe(before + 2);
    } finally {
      await a.app.close();
      await b.app.close();
      await databases.close();
    }
  });
});
