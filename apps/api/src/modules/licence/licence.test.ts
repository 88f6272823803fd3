import { eq } from 'drizzle-orm';
import { addDays, normaliseLicenceNo, warsawDate, type LicenceDto, type ProfileDto } from '@substytut/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { multipartFile } from '../../../test/multipart.ts';
import { clientInvoice } from '../../../test/quality/world.ts';
import { createTestApp, csrfHeaders, licenceCodeSentTo, type TestApp } from '../../../test/helpers.ts';
import { licenceChecks, licenceCodes, mailOutbox, profiles } from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from '../auth/demo-accounts.ts';
import { runLicenceChecks } from './licence.service.ts';
import { createSampleLicenceRegister } from './sample-register.ts';

// The embedded sample register (the default adapter): the whole flow offline.
let t: TestApp;
let csrf: Record<string, string>;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  csrf = await csrfHeaders(t.app);
  admin = { ...(await t.seed.session({ role: 'admin' })).headers, ...csrf };
});
afterAll(async () => {
  await t?.close();
});

let addresses = 0;
const remoteAddress = () => {
  addresses += 1;
  return `10.22.${Math.floor(addresses / 250)}.${addresses % 250}`;
};

function payload(overrides: Record<string, unknown> = {}) {
  return {
    firstname: 'Anna',
    lastname: 'Nowak',
    phone: '',
    permissions: 'adwokat',
    licenseNo: 'WAW/Adw/90002',
    specialization: ['prawo-cywilne'],
    institution: 'ia-warszawa',
    description: 'Adwokat z Warszawy.',
    linkedinUrl: '',
    facebookUrl: '',
    jobs: [],
    references: [],
    ...overrides,
  };
}

/** The sample register's contact for Anna Maria Nowak (WAW/Adw/90002), where her codes go. */
const NOWAK_MAIL = 'anna.nowak@kancelaria-nowak.example.com';

/**
 * Earlier tests' lawyers give up the number (one entry number, one verified account, issue 30),
 * so each test starts with nobody holding it unless it says otherwise.
 */
async function releaseNumber(licenseNo: string) {
  await t.db
    .update(profiles)
    .set({ licenceState: 'unverified', licenceMethod: null, licenceVerifiedAt: null })
    .where(eq(profiles.licenseNo, licenseNo));
}

/** A lawyer who saved a profile (the check runs on save); the payment account is ready. */
async function lawyerWith(
  overrides: Record<string, unknown> = {},
  locale: 'pl' | 'en' = 'pl',
  { release = true }: { release?: boolean } = {},
) {
  if (release) {
    const { permissions, licenseNo } = payload(overrides);
    await releaseNumber(normaliseLicenceNo(permissions, licenseNo));
  }
  // Each lawyer's code mail is the newest one to the register's address.
  t.clock.advance(1000);
  const session = await t.seed.session({ locale });
  const headers = { ...session.headers, ...csrf };
  await t.seed.profile({ userId: session.user.id, active: true, licenceState: 'unverified', licenceMethod: null });
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/user/profile',
    headers,
    payload: payload(overrides),
    remoteAddress: remoteAddress(),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const profile = saved.json<{ data: ProfileDto }>().data;
  return { ...session, headers, profile };
}

function typeCode(headers: Record<string, string>, code: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/profile/licence/code',
    headers,
    payload: { code },
    remoteAddress: remoteAddress(),
  });
}

/** Anna Maria Nowak, register-matched and proven by the code from her register e-mail. */
async function verifiedLawyer(locale: 'pl' | 'en' = 'pl') {
  const lawyer = await lawyerWith({}, locale);
  expect(lawyer.profile.licence.state).toBe('code_sent');
  const typed = await typeCode(lawyer.headers, await licenceCodeSentTo(t.db, NOWAK_MAIL));
  expect(typed.statusCode, typed.body).toBe(200);
  expect(typed.json<{ data: { licence: LicenceDto } }>().data.licence.state).toBe('verified');
  return lawyer;
}

async function licenceOf(headers: Record<string, string>): Promise<ProfileDto> {
  const response = await t.app.inject({ method: 'GET', url: '/api/user/profile', headers });
  return response.json<{ data: ProfileDto }>().data;
}

async function mailsTo(email: string) {
  return t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
}

function createOffer(headers: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/offer',
    headers,
    payload: { title: 'Zastępstwo', expireDate: addDays(warsawDate(t.clock.now()), 2), price: '100.00', description: '' },
    remoteAddress: remoteAddress(),
  });
}

describe('a check against the sample register', () => {
  it('a register match alone does not verify: the code to the register e-mail does, then offers, badge and mail', async () => {
    const lawyer = await lawyerWith();
    expect(lawyer.profile.licence).toMatchObject({
      state: 'code_sent',
      method: null,
      verified_at: null,
      register: 'advocates',
      reason: null,
    });
    expect(lawyer.profile.licence.code).toMatchObject({
      channel: 'email',
      sent_to: 'a•••••@kancelaria-nowak.example.com',
      attempts_left: 5,
      expires_at: new Date(t.clock.now().getTime() + 30 * 60_000).toISOString(),
    });
    expect(lawyer.profile.offer_requirements.licence_verified).toBe(false);
    expect((await createOffer(lawyer.headers)).json().code).toBe('offers.licence_not_verified');
    const before = await t.app.inject({ url: `/api/public/profile/${lawyer.profile.seolink}` });
    expect(before.json().data.licence).toBeNull();

    // The code went to the register's contact, not to the account, and says who asked, from where.
    const [codeMail] = await mailsTo(NOWAK_MAIL).then((m) => m.slice(-1));
    const code = await licenceCodeSentTo(t.db, NOWAK_MAIL);
    expect(codeMail?.subject).toBe(`${code} — kod potwierdzenia numeru wpisu w serwisie Substytut`);
    expect(codeMail?.text).toContain(`Kto prosił: konto ${lawyer.user.email}`);
    expect(codeMail?.text).toMatch(/Skąd i kiedy: adres IP 10\.22\.\d+\.\d+, \d\d\.\d\d\.\d{4}, godz\. \d\d:\d\d/);
    expect(codeMail?.text).toContain('kontakt@');
    expect(await mailsTo(lawyer.user.email)).toEqual([]);
    // Only a hash of the code is kept.
    const [stored] = await t.db.select().from(licenceCodes).where(eq(licenceCodes.profileId, lawyer.profile.profileId));
    expect(stored?.codeHash).not.toContain(code);
    expect(stored?.codeHash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{64}$/);

    const typed = await typeCode(lawyer.headers, code);
    expect(typed.statusCode, typed.body).toBe(200);
    expect(typed.json().data.licence).toMatchObject({ state: 'verified', method: 'register', code: null });
    const profile = await licenceOf(lawyer.headers);
    expect(profile.licence.verified_at).toBe(t.clock.now().toISOString());
    expect(profile.offer_requirements).toEqual({ profile_active: true, payment_account: true, licence_verified: true });
    expect((await createOffer(lawyer.headers)).statusCode).toBe(200);

    const publicPage = await t.app.inject({ url: `/api/public/profile/${lawyer.profile.seolink}` });
    expect(publicPage.json().data.licence).toEqual({
      method: 'register',
      register: 'advocates',
      verified_at: profile.licence.verified_at,
    });
    const [mail, ...more] = await mailsTo(lawyer.user.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Uprawnienia zweryfikowane — Substytut');

    const checks = await t.db
      .select()
      .from(licenceChecks)
      .where(eq(licenceChecks.profileId, lawyer.profile.profileId))
      .orderBy(licenceChecks.id);
    expect(checks.map((c) => [c.source, c.outcome])).toEqual([
      ['sample', 'verified'],
      ['code', 'verified'],
    ]);
    expect(checks[0]).toMatchObject({ askedName: 'Anna Nowak', askedType: 'adwokat', askedLicenseNo: 'WAW/Adw/90002' });
    expect(checks[0]?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(checks[0]?.parsed).toMatchObject({ lastname: 'Nowak', status: 'Wykonujący zawód', email: NOWAK_MAIL });
    expect(checks[1]?.parsed).toMatchObject({ channel: 'email', sent_to: NOWAK_MAIL });
  });

  it("verifies the demo lawyer's seeded draft (Prawnik Demo, WAW/Adw/90001)", async () => {
    const demo = DEMO_ACCOUNTS.find((a) => a.role === 'user');
    if (!demo || !('profile' in demo)) throw new Error('no demo lawyer');
    const verdict = await createSampleLicenceRegister().check(
      { ...demo.profile, professionalType: demo.profile.permissions },
      t.clock.now(),
    );
    expect(verdict.outcome).toBe('verified');
  });

  it('stores the number in one form, so "waw / adw / 090002" is the same entry', async () => {
    const lawyer = await lawyerWith({ licenseNo: 'waw / adw / 090002' });
    expect(lawyer.profile.licenseNo).toBe('WAW/Adw/90002');
    expect(lawyer.profile.licence.state).toBe('code_sent');
  });

  it.each([
    ['a number the register lacks', { licenseNo: 'WAW/Adw/90999' }, 'licence.reason.not_found'],
    ['another name on the number', { firstname: 'Jan', lastname: 'Kowalski' }, 'licence.reason.name_mismatch'],
    [
      'a non-practising advocate',
      { firstname: 'Tomasz', lastname: 'Wiśniewski', licenseNo: 'KRA/Adw/90003', institution: 'ia-krakow' },
      'licence.reason.not_practising',
    ],
    [
      'a former advocate',
      { firstname: 'Ewa', lastname: 'Lewandowska', licenseNo: 'POZ/Adw/90004', institution: 'ia-poznan' },
      'licence.reason.former',
    ],
  ])('rejects %s, keeps offers closed and tells the lawyer why', async (_label, overrides, reason) => {
    const lawyer = await lawyerWith(overrides);
    expect(lawyer.profile.licence).toMatchObject({ state: 'rejected', reason, method: null, verified_at: null });
    expect(lawyer.profile.offer_requirements.licence_verified).toBe(false);
    const refused = await createOffer(lawyer.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('offers.licence_not_verified');
    const publicPage = await t.app.inject({ url: `/api/public/profile/${lawyer.profile.seolink}` });
    expect(publicPage.json().data.licence).toBeNull();
    const mails = await mailsTo(lawyer.user.email);
    expect(mails.map((m) => m.subject)).toEqual(['Nie udało się zweryfikować uprawnień — Substytut']);
  });

  it('sends a near match (the surname, not the first name) to a person', async () => {
    const lawyer = await lawyerWith({ firstname: 'Joanna' });
    expect(lawyer.profile.licence).toMatchObject({ state: 'manual_review', reason: 'licence.reason.near_match' });
  });

  it('verifies a trainee advocate on the trainees list', async () => {
    const lawyer = await lawyerWith({
      firstname: 'Michał',
      lastname: 'Zieliński',
      permissions: 'aplikant-adwokacki',
      licenseNo: 'GDA/Apl/90005',
      institution: 'ia-gdansk',
    });
    expect(lawyer.profile.licence.state).toBe('code_sent');
    const typed = await typeCode(lawyer.headers, await licenceCodeSentTo(t.db, 'michal.zielinski@aplikant.example.com'));
    expect(typed.json().data.licence.state).toBe('verified');
  });

  it('sends a legal counsel to manual review in English for an English-speaking lawyer', async () => {
    const lawyer = await lawyerWith(
      {
        firstname: 'Katarzyna',
        lastname: 'Wójcik',
        permissions: 'radca-prawny',
        licenseNo: 'wa 90006',
        institution: 'oirp-warszawa',
      },
      'en',
    );
    expect(lawyer.profile.licenseNo).toBe('WA-90006');
    expect(lawyer.profile.licence).toMatchObject({
      state: 'manual_review',
      reason: 'licence.reason.no_register',
      register: 'legal_counsel',
    });
    const mails = await mailsTo(lawyer.user.email);
    expect(mails.map((m) => m.subject)).toEqual(['Your licence will be checked by an administrator — Substytut']);
  });

  it('refuses a profile whose number does not fit the professional type, with the field named', async () => {
    const session = await t.seed.session();
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: { ...session.headers, ...csrf },
      payload: payload({ licenseNo: 'WA-1234' }),
      remoteAddress: remoteAddress(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ licenseNo: 'validation.licenceNoAdvocate' });
  });
});

describe('changes and re-checks', () => {
  it('asks again when the name changes, and a lawyer who no longer matches loses the badge', async () => {
    const lawyer = await verifiedLawyer();
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: lawyer.headers,
      payload: payload({ lastname: 'Nowakowska' }),
      remoteAddress: remoteAddress(),
    });
    expect(changed.json().data.licence).toMatchObject({ state: 'rejected', reason: 'licence.reason.name_mismatch' });
    expect((await createOffer(lawyer.headers)).json().code).toBe('offers.licence_not_verified');
  });

  it('a lawyer who loses the licence takes no new payments on an open offer; a paid one goes on', async () => {
    const lawyer = await verifiedLawyer();
    const created = await createOffer(lawyer.headers);
    const { offerUrl } = created.json().data.offer as { offerUrl: string };
    const paid = await t.seed.offer({ profileId: lawyer.profile.profileId, status: 'payed' });
    await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: lawyer.headers,
      payload: payload({ firstname: 'Jan', lastname: 'Kowalski' }),
      remoteAddress: remoteAddress(),
    });
    const page = await t.app.inject({ url: `/api/public/profile/${lawyer.profile.seolink}?offerUrl=${offerUrl}` });
    expect(page.json().data.offer).toMatchObject({ offerUrl, error: true });
    expect(page.json().data.licence).toBeNull();
    const pay = await t.app.inject({
      method: 'POST',
      url: `/api/public/profile/${lawyer.profile.seolink}/payment/${offerUrl}`,
      headers: csrf,
      payload: clientInvoice('platnik-22@example.com'),
      remoteAddress: remoteAddress(),
    });
    expect(pay.statusCode).toBe(409);
    expect(pay.json().code).toBe('offers.not_payable');
    const list = await t.app.inject({ url: '/api/user/offer', headers: lawyer.headers });
    const offers = list.json().data as { offerId: number; status: string }[];
    expect(offers.find((o) => o.offerId === paid.id)?.status).toBe('payed');
  });

  it('does not ask again when nothing the register reads changed', async () => {
    const lawyer = await lawyerWith();
    const before = await t.db.select().from(licenceChecks).where(eq(licenceChecks.profileId, lawyer.profile.profileId));
    await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: lawyer.headers,
      payload: payload({ description: 'Nowy opis.' }),
      remoteAddress: remoteAddress(),
    });
    const after = await t.db.select().from(licenceChecks).where(eq(licenceChecks.profileId, lawyer.profile.profileId));
    expect(after.length).toBe(before.length);
  });

  it('POST /licence/check asks the register again and answers the licence; a proven one needs no new code', async () => {
    const lawyer = await verifiedLawyer();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/profile/licence/check',
      headers: lawyer.headers,
      remoteAddress: remoteAddress(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: { licence: LicenceDto } }>().data.licence.state).toBe('verified');
    const checks = await t.db.select().from(licenceChecks).where(eq(licenceChecks.profileId, lawyer.profile.profileId));
    expect(checks.map((c) => c.source).sort()).toEqual(['code', 'sample', 'sample']);
  });

  it('POST /licence/check without an entry number is a conflict that says what is missing', async () => {
    const session = await t.seed.session();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/profile/licence/check',
      headers: { ...session.headers, ...csrf },
      remoteAddress: remoteAddress(),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('licence.details_missing');
  });

  it('the clock job re-checks a register verification after 30 days, not before', async () => {
    const lawyer = await verifiedLawyer();
    const count = async () =>
      (await t.db.select().from(licenceChecks).where(eq(licenceChecks.profileId, lawyer.profile.profileId))).filter(
        (c) => c.source !== 'code',
      ).length;
    expect(await count()).toBe(1);
    t.clock.advance(29 * 86_400_000);
    await runLicenceChecks(t.services.licence, 1000);
    expect(await count()).toBe(1);
    t.clock.advance(2 * 86_400_000);
    await runLicenceChecks(t.services.licence, 1000);
    expect(await count()).toBe(2);
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, lawyer.profile.profileId));
    expect(row?.licenceState).toBe('verified');
    expect(row?.licenceVerifiedAt?.toISOString()).toBe(t.clock.now().toISOString());
  });
});

describe('manual review', () => {
  // The re-check tests move the clock a month on: a fresh administrator session for each test here.
  beforeEach(async () => {
    admin = { ...(await t.seed.session({ role: 'admin' })).headers, ...csrf };
  });
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

  async function inReview() {
    return lawyerWith({
      firstname: 'Katarzyna',
      lastname: 'Wójcik',
      permissions: 'radca-prawny',
      licenseNo: 'WA-90006',
      institution: 'oirp-warszawa',
    });
  }

  function upload(headers: Record<string, string>, bytes: Buffer, filename = 'zaswiadczenie.pdf') {
    const form = multipartFile(bytes, { filename, contentType: 'application/pdf' });
    return t.app.inject({
      method: 'POST',
      url: '/api/user/profile/licence/certificate',
      headers: { ...headers, ...form.headers },
      payload: form.payload,
      remoteAddress: remoteAddress(),
    });
  }

  it('takes a certificate (PDF), lists it with the evidence for the administrator, who approves it', async () => {
    const lawyer = await inReview();
    const sent = await upload(lawyer.headers, pdf);
    expect(sent.statusCode, sent.body).toBe(200);
    const licence = sent.json<{ data: { licence: LicenceDto } }>().data.licence;
    expect(licence).toMatchObject({ state: 'manual_review', reason: 'licence.reason.certificate_sent' });
    expect(licence.certificate_uploaded_at).toBe(t.clock.now().toISOString());

    const queue = await t.app.inject({ url: '/api/admin/licence-reviews', headers: admin });
    expect(queue.statusCode).toBe(200);
    const item = queue.json().data.items.find((i: { profile_id: number }) => i.profile_id === lawyer.profile.profileId);
    expect(item).toMatchObject({
      name: 'Katarzyna Wójcik',
      professional_type: 'radca-prawny',
      license_no: 'WA-90006',
      state: 'manual_review',
      certificate_url: `/api/admin/licence-reviews/${lawyer.profile.profileId}/certificate`,
    });
    expect(item.checks[0]).toMatchObject({ source: 'sample', outcome: 'manual_review', reason: 'licence.reason.no_register' });

    const file = await t.app.inject({ url: item.certificate_url, headers: admin });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment;/);
    expect(file.rawPayload.equals(pdf)).toBe(true);

    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/licence-reviews/${lawyer.profile.profileId}`,
      headers: admin,
      payload: { decision: 'approve' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.licence).toMatchObject({ state: 'verified', method: 'review', register: 'legal_counsel' });
    expect((await createOffer(lawyer.headers)).statusCode).toBe(200);
    const publicPage = await t.app.inject({ url: `/api/public/profile/${lawyer.profile.seolink}` });
    expect(publicPage.json().data.licence).toMatchObject({ method: 'review', register: 'legal_counsel' });
    const subjects = (await mailsTo(lawyer.user.email)).map((m) => m.subject).sort();
    expect(subjects).toEqual(['Uprawnienia zweryfikowane — Substytut', 'Weryfikacja uprawnień przez administratora — Substytut']);

    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/licence-reviews/${lawyer.profile.profileId}`,
      headers: admin,
      payload: { decision: 'approve' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('licence.not_in_review');
  });

  it('rejects only with a reason of 3 to 1000 characters, and shows the reason to the lawyer', async () => {
    const lawyer = await inReview();
    const url = `/api/admin/licence-reviews/${lawyer.profile.profileId}`;
    for (const reason of [undefined, '', 'ab', 'x'.repeat(1001)]) {
      const refused = await t.app.inject({ method: 'POST', url, headers: admin, payload: { decision: 'reject', reason } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual({ reason: 'validation.reviewReason' });
    }
    expect((await licenceOf(lawyer.headers)).licence.state).toBe('manual_review');
    const rejected = await t.app.inject({
      method: 'POST',
      url,
      headers: admin,
      payload: { decision: 'reject', reason: 'Zaświadczenie jest nieczytelne.' },
    });
    expect(rejected.statusCode).toBe(200);
    expect((await licenceOf(lawyer.headers)).licence).toMatchObject({
      state: 'rejected',
      reason: 'Zaświadczenie jest nieczytelne.',
    });
    const [check] = await t.db
      .select()
      .from(licenceChecks)
      .where(eq(licenceChecks.profileId, lawyer.profile.profileId))
      .orderBy(licenceChecks.id)
      .then((rows) => rows.slice(-1));
    expect(check).toMatchObject({ source: 'review', outcome: 'rejected', reason: 'Zaświadczenie jest nieczytelne.' });
    expect(check?.reviewerId).not.toBeNull();
  });

  it('refuses a certificate that is not a PDF, JPG or PNG, and keeps the state', async () => {
    const lawyer = await inReview();
    const refused = await upload(lawyer.headers, Buffer.from('just text, not a certificate'), 'x.pdf');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('files.wrong_format');
    expect((await licenceOf(lawyer.headers)).licence.certificate_uploaded_at).toBeNull();
  });

  it('keeps the queue, the certificates and the decisions to administrators', async () => {
    const lawyer = await inReview();
    await upload(lawyer.headers, pdf);
    const certificate = `/api/admin/licence-reviews/${lawyer.profile.profileId}/certificate`;
    for (const [method, url] of [
      ['GET', '/api/admin/licence-reviews'],
      ['GET', certificate],
      ['POST', `/api/admin/licence-reviews/${lawyer.profile.profileId}`],
    ] as const) {
      const anonymous = await t.app.inject({ method, url, headers: csrf, payload: method === 'POST' ? { decision: 'approve' } : undefined });
      expect(anonymous.statusCode).toBe(401);
      const asLawyer = await t.app.inject({
        method,
        url,
        headers: lawyer.headers,
        payload: method === 'POST' ? { decision: 'approve' } : undefined,
      });
      expect(asLawyer.statusCode).toBe(403);
    }
    expect((await licenceOf(lawyer.headers)).licence.state).toBe('manual_review');
    // The file is not reachable through the public storage route either.
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, lawyer.profile.profileId));
    const stored = await t.app.inject({ url: `/storage/${row?.licenceCertificateKey}` });
    expect(stored.statusCode).toBe(404);
  });

  it('a new entry number drops the certificate about the old one', async () => {
    const lawyer = await inReview();
    await upload(lawyer.headers, pdf);
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, lawyer.profile.profileId));
    const key = row?.licenceCertificateKey;
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: lawyer.headers,
      payload: payload({
        firstname: 'Katarzyna',
        lastname: 'Wójcik',
        permissions: 'radca-prawny',
        licenseNo: 'WA-90007',
        institution: 'oirp-warszawa',
      }),
      remoteAddress: remoteAddress(),
    });
    expect(changed.json().data.licence).toMatchObject({
      state: 'manual_review',
      reason: 'licence.reason.no_register',
      certificate_uploaded_at: null,
    });
    expect(await t.app.storage.get(key!)).toBeNull();
  });

  it('deleting the account removes the certificate and the evidence that names the person', async () => {
    const lawyer = await inReview();
    await upload(lawyer.headers, pdf);
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, lawyer.profile.profileId));
    const key = row?.licenceCertificateKey;
    expect(key).toBeTruthy();
    expect(await t.app.storage.get(key!)).not.toBeNull();
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/me/delete',
      headers: lawyer.headers,
      payload: { password: lawyer.user.password },
      remoteAddress: remoteAddress(),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await t.db.select().from(licenceChecks).where(eq(licenceChecks.profileId, lawyer.profile.profileId))).toEqual([]);
    expect(await t.app.storage.get(key!)).toBeNull();
  });

  it('lists the licence state in the admin profiles table', async () => {
    const lawyer = await inReview();
    const list = await t.app.inject({ url: `/api/admin/profile?q=${encodeURIComponent('Wójcik')}`, headers: admin });
    const rows = list.json().data.data as { profileId: number; licence_state: string }[];
    expect(rows.find((r) => r.profileId === lawyer.profile.profileId)?.licence_state).toBe('manual_review');
  });
});

describe('proof of control (issue 30)', () => {
  beforeEach(async () => {
    admin = { ...(await t.seed.session({ role: 'admin' })).headers, ...csrf };
  });

  function resend(headers: Record<string, string>) {
    return t.app.inject({
      method: 'POST',
      url: '/api/user/profile/licence/code/resend',
      headers,
      remoteAddress: remoteAddress(),
    });
  }

  it('a wrong code 5 times locks the code; only a new one works', async () => {
    const lawyer = await lawyerWith();
    const code = await licenceCodeSentTo(t.db, NOWAK_MAIL);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let left = 4; left >= 1; left--) {
      const refused = await typeCode(lawyer.headers, wrong);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'licence.code_wrong', errors: { code: 'licence.code_wrong' } });
      expect((await licenceOf(lawyer.headers)).licence.code?.attempts_left).toBe(left);
    }
    const fifth = await typeCode(lawyer.headers, wrong);
    expect(fifth.statusCode).toBe(409);
    expect(fifth.json().code).toBe('licence.code_locked');
    // Even the right code no longer works.
    const right = await typeCode(lawyer.headers, code);
    expect(right.json().code).toBe('licence.code_locked');
    expect((await licenceOf(lawyer.headers)).licence.state).toBe('code_sent');

    t.clock.advance(61_000);
    const renewed = await resend(lawyer.headers);
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json().data.licence.code.attempts_left).toBe(5);
    const fresh = await licenceCodeSentTo(t.db, NOWAK_MAIL);
    expect((await typeCode(lawyer.headers, fresh)).json().data.licence.state).toBe('verified');
  });

  it('an expired code (after 30 minutes) is refused; a new one is sent on request', async () => {
    const lawyer = await lawyerWith();
    const code = await licenceCodeSentTo(t.db, NOWAK_MAIL);
    t.clock.advance(30 * 60_000);
    const late = await typeCode(lawyer.headers, code);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('licence.code_expired');
    expect((await resend(lawyer.headers)).statusCode).toBe(200);
    const fresh = await licenceCodeSentTo(t.db, NOWAK_MAIL);
    expect(fresh).not.toBe('');
    expect((await typeCode(lawyer.headers, fresh)).json().data.licence.state).toBe('verified');
  });

  it('a new code waits a minute after the last one, and at most 5 go out a day', async () => {
    const lawyer = await lawyerWith();
    const first = await resend(lawyer.headers);
    expect(first.statusCode).toBe(429);
    expect(first.json().code).toBe('licence.code_resend_wait');
    for (let sent = 2; sent <= 5; sent++) {
      t.clock.advance(61_000);
      expect((await resend(lawyer.headers)).statusCode).toBe(200);
    }
    t.clock.advance(61_000);
    const sixth = await resend(lawyer.headers);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe('licence.code_daily_limit');
    const codeMails = (await mailsTo(NOWAK_MAIL)).filter((m) => m.text.includes(lawyer.user.email));
    expect(codeMails.length).toBe(5);
    t.clock.advance(86_400_000);
    expect((await resend(lawyer.headers)).statusCode).toBe(200);
  });

  it('the code route checks its input and answers 409 when no code is awaited', async () => {
    const lawyer = await lawyerWith({ firstname: 'Jan', lastname: 'Kowalski' });
    for (const code of ['', '12345', '1234567', 'abcdef', 42, null]) {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/user/profile/licence/code',
        headers: lawyer.headers,
        payload: { code },
        remoteAddress: remoteAddress(),
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual({ code: 'validation.licenceCode' });
    }
    const none = await typeCode(lawyer.headers, '123 456');
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('licence.code_not_awaited');
    expect((await resend(lawyer.headers)).json().code).toBe('licence.code_not_awaited');
  });

  it('a second account with a verified number goes to review, the first holder gets a mail, the admin sees both claims', async () => {
    const holder = await verifiedLawyer('en');
    const second = await lawyerWith({}, 'pl', { release: false });
    expect(second.profile.licence).toMatchObject({ state: 'manual_review', reason: 'licence.reason.number_claimed' });
    expect((await createOffer(second.headers)).json().code).toBe('offers.licence_not_verified');
    // No code went out for the second account.
    expect((await mailsTo(NOWAK_MAIL)).filter((m) => m.text.includes(second.user.email))).toEqual([]);
    const holderMails = (await mailsTo(holder.user.email)).map((m) => m.subject);
    expect(holderMails).toContain('Another account gave your entry number — Substytut');
    expect((await mailsTo(second.user.email)).map((m) => m.subject)).toEqual([
      'Weryfikacja uprawnień przez administratora — Substytut',
    ]);
    // Asking the register again does not mail the holder a second time.
    await t.app.inject({ method: 'POST', url: '/api/user/profile/licence/check', headers: second.headers, remoteAddress: remoteAddress() });
    expect((await mailsTo(holder.user.email)).filter((m) => m.subject.startsWith('Another account')).length).toBe(1);
    expect((await licenceOf(holder.headers)).licence.state).toBe('verified');

    const queue = await t.app.inject({ url: '/api/admin/licence-reviews', headers: admin });
    const item = queue.json().data.items.find((i: { profile_id: number }) => i.profile_id === second.profile.profileId);
    // Verified claims first; earlier tests' accounts that gave the number follow, none verified.
    expect(item.claims.filter((c: { state: string }) => c.state === 'verified').length).toBe(1);
    expect(item.claims[0]).toEqual(
      expect.objectContaining({
        profile_id: holder.profile.profileId,
        email: holder.user.email,
        state: 'verified',
        method: 'register',
        name: 'Anna Nowak',
      }),
    );
    // The administrator approves only from a chamber certificate.
    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/admin/licence-reviews/${second.profile.profileId}`,
      headers: admin,
      payload: { decision: 'approve' },
    });
    expect(approve.statusCode).toBe(409);
    expect(approve.json().code).toBe('licence.certificate_missing');
  });

  it('of two accounts waiting for codes for one number, the second to type it goes to review', async () => {
    const first = await lawyerWith();
    const firstCode = await licenceCodeSentTo(t.db, NOWAK_MAIL);
    const second = await lawyerWith({}, 'pl', { release: false });
    expect(second.profile.licence.state).toBe('code_sent');
    const secondCode = await licenceCodeSentTo(t.db, NOWAK_MAIL);
    expect((await typeCode(first.headers, firstCode)).json().data.licence.state).toBe('verified');
    const late = await typeCode(second.headers, secondCode);
    expect(late.statusCode).toBe(200);
    expect(late.json().data.licence).toMatchObject({ state: 'manual_review', reason: 'licence.reason.number_claimed' });
    expect((await mailsTo(first.user.email)).map((m) => m.subject)).toContain(
      'Inne konto podało Twój numer wpisu — Substytut',
    );
  });

  it('changing the number drops the badge until the new one is proven by its own code', async () => {
    const lawyer = await verifiedLawyer();
    await releaseNumber('WAW/Adw/90007');
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: lawyer.headers,
      payload: payload({ firstname: 'Piotr', lastname: 'Kamiński', licenseNo: 'WAW/Adw/90007' }),
      remoteAddress: remoteAddress(),
    });
    expect(changed.json().data.licence).toMatchObject({ state: 'code_sent', method: null, verified_at: null });
    expect(changed.json().data.offer_requirements.licence_verified).toBe(false);
    expect((await createOffer(lawyer.headers)).json().code).toBe('offers.licence_not_verified');
    const page = await t.app.inject({ url: `/api/public/profile/${lawyer.profile.seolink}` });
    expect(page.json().data.licence).toBeNull();
    const code = await licenceCodeSentTo(t.db, 'piotr.kaminski@kancelaria-kaminski.example.com');
    expect((await typeCode(lawyer.headers, code)).json().data.licence.state).toBe('verified');
  });

  it('a code for the old number does not verify the new one', async () => {
    const lawyer = await lawyerWith();
    const oldCode = await licenceCodeSentTo(t.db, NOWAK_MAIL);
    await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: lawyer.headers,
      payload: payload({ firstname: 'Barbara', lastname: 'Kowalczyk', licenseNo: 'KRA/Adw/90008', institution: 'ia-krakow' }),
      remoteAddress: remoteAddress(),
    });
    const refused = await typeCode(lawyer.headers, oldCode);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('licence.code_not_awaited');
  });

  it('an entry with no contact goes to review, which asks for a certificate', async () => {
    const lawyer = await lawyerWith({ firstname: 'Barbara', lastname: 'Kowalczyk', licenseNo: 'KRA/Adw/90008', institution: 'ia-krakow' });
    expect(lawyer.profile.licence).toMatchObject({ state: 'manual_review', reason: 'licence.reason.no_contact', code: null });
  });

  it('legal counsel go to review; a second account with their verified number is named to the reviewer', async () => {
    const counsel = {
      firstname: 'Katarzyna',
      lastname: 'Wójcik',
      permissions: 'radca-prawny',
      licenseNo: 'WA-90006',
      institution: 'oirp-warszawa',
    };
    const holder = await lawyerWith(counsel);
    expect(holder.profile.licence).toMatchObject({ state: 'manual_review', reason: 'licence.reason.no_register' });
    await t.db
      .update(profiles)
      .set({ licenceState: 'verified', licenceMethod: 'review', licenceVerifiedAt: t.clock.now() })
      .where(eq(profiles.id, holder.profile.profileId));
    const second = await lawyerWith(counsel, 'pl', { release: false });
    expect(second.profile.licence).toMatchObject({ state: 'manual_review', reason: 'licence.reason.number_claimed' });
    expect((await mailsTo(holder.user.email)).map((m) => m.subject)).toContain(
      'Inne konto podało Twój numer wpisu — Substytut',
    );
    const queue = await t.app.inject({ url: '/api/admin/licence-reviews', headers: admin });
    const item = queue.json().data.items.find((i: { profile_id: number }) => i.profile_id === second.profile.profileId);
    expect(item.claims.map((c: { profile_id: number }) => c.profile_id)).toContain(holder.profile.profileId);
  });

  it('deleting the account removes a waiting code', async () => {
    const lawyer = await lawyerWith();
    const codes = () => t.db.select().from(licenceCodes).where(eq(licenceCodes.profileId, lawyer.profile.profileId));
    expect(await codes()).toHaveLength(1);
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/me/delete',
      headers: lawyer.headers,
      payload: { password: lawyer.user.password },
      remoteAddress: remoteAddress(),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await codes()).toEqual([]);
  });
});

// Issue 32: the trainee's training start, compared with the register's date of entry on the list of
// trainees where the register gives it (the sample register: Michał Zieliński, since 2025-01).
describe('the training start against the register', () => {
  const ZIELINSKI_MAIL = 'michal.zielinski@aplikant.example.com';
  const trainee = (training_start: string | null) => ({
    firstname: 'Michał',
    lastname: 'Zieliński',
    permissions: 'aplikant-adwokacki',
    licenseNo: 'GDA/Apl/90005',
    institution: 'ia-gdansk',
    training_start,
  });
  const codesTo = async (to: string) => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).length;

  it('matches a trainee whose training start is the register’s month', async () => {
    const lawyer = await lawyerWith(trainee('2025-01'));
    expect(lawyer.profile.licence).toMatchObject({ state: 'code_sent', reason: null });
  });

  it('rejects another month with its reason, like other mismatches, and sends no code', async () => {
    const before = await codesTo(ZIELINSKI_MAIL);
    const lawyer = await lawyerWith(trainee('2024-03'));
    expect(lawyer.profile.licence).toMatchObject({
      state: 'rejected',
      reason: 'licence.reason.training_start_mismatch',
    });
    expect(lawyer.profile.training_start).toBe('2024-03');
    // The lawyer is told why (the outcome mail), but no code went out.
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, lawyer.user.email));
    expect(mails.some((m) => m.text.includes('aplikant'))).toBe(true);
    expect(await codesTo(ZIELINSKI_MAIL)).toBe(before + 0);
  });

  it('checks a trainee without a training start as before', async () => {
    const lawyer = await lawyerWith(trainee(null));
    expect(lawyer.profile.licence.state).toBe('code_sent');
  });

  it('asks again when only the training start changes: a verified trainee keeps the badge on the right month and loses it on another', async () => {
    const lawyer = await lawyerWith(trainee('2025-01'));
    await typeCode(lawyer.headers, await licenceCodeSentTo(t.db, ZIELINSKI_MAIL));
    const checks = async () =>
      (await t.db.select().from(licenceChecks).where(eq(licenceChecks.profileId, lawyer.profile.profileId))).length;
    const asked = await checks();
    const save = (training_start: string | null) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/user/profile',
        headers: lawyer.headers,
        payload: payload(trainee(training_start)),
        remoteAddress: remoteAddress(),
      });

    // Nothing the register reads changed: not asked again.
    expect((await save('2025-01')).json().data.licence.state).toBe('verified');
    expect(await checks()).toBe(asked);

    const changed = await save('2023-06');
    expect(changed.json().data.licence).toMatchObject({
      state: 'rejected',
      reason: 'licence.reason.training_start_mismatch',
    });
    expect(await checks()).toBe(asked + 1);
  });

  /** A trainee whose licence a person verified (the review), saved once without a training start. */
  async function reviewedTrainee(fields: Record<string, unknown>) {
    await releaseNumber(normaliseLicenceNo(String(fields.permissions), String(fields.licenseNo)));
    t.clock.advance(1000);
    const session = await t.seed.session();
    const headers = { ...session.headers, ...csrf };
    const profile = await t.seed.profile({
      userId: session.user.id,
      active: true,
      firstname: String(fields.firstname),
      lastname: String(fields.lastname),
      permissions: String(fields.permissions),
      licenseNo: normaliseLicenceNo(String(fields.permissions), String(fields.licenseNo)),
      institution: String(fields.institution),
    });
    const save = (training_start: string | null) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/user/profile',
        headers,
        payload: payload({ ...fields, training_start }),
        remoteAddress: remoteAddress(),
      });
    const checks = async () => (await t.db.select().from(licenceChecks).where(eq(licenceChecks.profileId, profile.id))).length;
    const mails = async () => (await mailsTo(session.user.email)).length;
    return { ...session, headers, profile, save, checks, mails };
  }

  it('keeps a verified licence when the register agrees with the new training start: no code, no review, no mail', async () => {
    const lawyer = await reviewedTrainee(trainee(null));
    const codes = await codesTo(ZIELINSKI_MAIL);
    const mails = await lawyer.mails();
    const saved = await lawyer.save('2025-01');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.licence).toMatchObject({ state: 'verified', reason: null });
    expect(saved.json().data.training_start).toBe('2025-01');
    expect(await codesTo(ZIELINSKI_MAIL)).toBe(codes);
    expect(await lawyer.mails()).toBe(mails);
    // The register was asked about the date, and its answer kept as evidence.
    expect(await lawyer.checks()).toBe(1);
    // Another month still rejects with its reason.
    const wrong = await lawyer.save('2024-02');
    expect(wrong.json().data.licence).toMatchObject({ state: 'rejected', reason: 'licence.reason.training_start_mismatch' });
  });

  it('keeps a verified licence when the register says nothing about the date (a trainee legal counsel)', async () => {
    const lawyer = await reviewedTrainee({
      firstname: 'Ola',
      lastname: 'Aplikantka',
      permissions: 'aplikant-radcowski',
      licenseNo: 'WA-77001',
      institution: 'oirp-warszawa',
    });
    const mails = await lawyer.mails();
    const saved = await lawyer.save('2025-06');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.licence).toMatchObject({ state: 'verified', reason: null });
    expect((await lawyer.save('2025-04')).json().data.licence.state).toBe('verified');
    expect(await lawyer.mails()).toBe(mails);
  });

  it('asks the register again in full when a licence rejected for the month gets the right one', async () => {
    const lawyer = await reviewedTrainee(trainee(null));
    expect((await lawyer.save('2024-02')).json().data.licence.state).toBe('rejected');
    const fixed = await lawyer.save('2025-01');
    expect(fixed.json().data.licence).toMatchObject({ state: 'code_sent', reason: null });
  });
});
