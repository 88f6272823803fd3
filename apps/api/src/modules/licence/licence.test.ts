import { eq } from 'drizzle-orm';
import { addDays, warsawDate, type LicenceDto, type ProfileDto } from '@substytut/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { multipartFile } from '../../../test/multipart.ts';
import { clientInvoice } from '../../../test/quality/world.ts';
import { createTestApp, csrfHeaders, type TestApp } from '../../../test/helpers.ts';
import { licenceChecks, mailOutbox, profiles } from '../../db/schema.ts';
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

/** A lawyer who saved a profile (the check runs on save); the payment account is ready. */
async function lawyerWith(overrides: Record<string, unknown> = {}, locale: 'pl' | 'en' = 'pl') {
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
  it('verifies a practising advocate whose name and number match, opens offers and the badge, and says so by e-mail', async () => {
    const lawyer = await lawyerWith();
    expect(lawyer.profile.licence).toMatchObject({
      state: 'verified',
      method: 'register',
      register: 'advocates',
      reason: null,
    });
    expect(lawyer.profile.licence.verified_at).toBe(t.clock.now().toISOString());
    expect(lawyer.profile.offer_requirements).toEqual({
      profile_active: true,
      payment_account: true,
      licence_verified: true,
    });
    expect((await createOffer(lawyer.headers)).statusCode).toBe(200);

    const publicPage = await t.app.inject({ url: `/api/public/profile/${lawyer.profile.seolink}` });
    expect(publicPage.json().data.licence).toEqual({
      method: 'register',
      register: 'advocates',
      verified_at: lawyer.profile.licence.verified_at,
    });

    const [mail, ...more] = await mailsTo(lawyer.user.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Uprawnienia zweryfikowane — Substytut');

    const [check] = await t.db.select().from(licenceChecks).where(eq(licenceChecks.profileId, lawyer.profile.profileId));
    expect(check).toMatchObject({
      askedName: 'Anna Nowak',
      askedType: 'adwokat',
      askedLicenseNo: 'WAW/Adw/90002',
      source: 'sample',
      outcome: 'verified',
    });
    expect(check?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(check?.parsed).toMatchObject({ lastname: 'Nowak', status: 'Wykonujący zawód' });
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
    expect(lawyer.profile.licence.state).toBe('verified');
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
    expect(lawyer.profile.licence.state).toBe('verified');
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
    const lawyer = await lawyerWith();
    expect(lawyer.profile.licence.state).toBe('verified');
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
    const lawyer = await lawyerWith();
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

  it('POST /licence/check asks the register again and answers the licence', async () => {
    const lawyer = await lawyerWith();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/profile/licence/check',
      headers: lawyer.headers,
      remoteAddress: remoteAddress(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: { licence: LicenceDto } }>().data.licence.state).toBe('verified');
    const checks = await t.db.select().from(licenceChecks).where(eq(licenceChecks.profileId, lawyer.profile.profileId));
    expect(checks.length).toBe(2);
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
    const lawyer = await lawyerWith();
    const count = async () =>
      (await t.db.select().from(licenceChecks).where(eq(licenceChecks.profileId, lawyer.profile.profileId))).length;
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
