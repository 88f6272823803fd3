import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, csrfHeaders, type TestApp, payThroughSandbox } from '../../../../test/helpers.ts';
import { pdfFlatText } from '../../../../test/pdf-text.ts';
import { offerPayments } from '../../../db/schema/offer-payments.ts';
import { mailOutbox, type ProfileRow } from '../../../db/schema.ts';
import { linksIn } from '../../mail/dev-mail.routes.ts';
import { PAYER_COOKIE } from '../offers.schemas.ts';

/**
 * Who receives the substitution document (decision 021): the offer's lawyer from the offer card,
 * the payer whose payment paid it from the success page (payer cookie) and the confirmation mail
 * (secret link). Everyone else, and everyone before the payment, gets a 404.
 */

let t: TestApp;
let csrf: Awaited<ReturnType<typeof csrfHeaders>>;

beforeAll(async () => {
  t = await createTestApp();
  csrf = await csrfHeaders(t.app);
});
afterAll(() => t?.close());

const grantor = {
  name: 'Grzegorz Żółć',
  professional_type: 'adwokat',
  license_no: 'WAW/Adw/4321',
  office_address: 'ul. Świętokrzyska 12, 00-916 Warszawa',
};

let counter = 0;
const invoice = () => ({
  nip: 'PL 779-236-42-75',
  company: 'Kancelaria Żółć',
  street: 'Świętokrzyska 12',
  postCode: '00-916',
  city: 'Warszawa',
  email: `klient${++counter}@example.com`,
  policyConfirm: true,
});

let ip = 0;
const nextIp = () => `10.7.${Math.floor(++ip / 250)}.${ip % 250}`;

async function lawyer(permissions = 'radca-prawny') {
  const session = await t.seed.session();
  const profile = await t.seed.profile({
    userId: session.user.id,
    firstname: 'Zofia',
    lastname: 'Wiśniewska',
    permissions,
    licenseNo: 'ŁDZ/Adw/2211',
  });
  const offer = await t.seed.offer({ profileId: profile.id });
  return { ...session, profile, offer };
}

function requestPayment(
  profile: ProfileRow,
  offerUrl: string,
  payload: Record<string, unknown>,
  cookie?: string,
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/public/profile/${profile.seolink}/payment/${offerUrl}`,
    headers: { ...csrf, cookie: [csrf.cookie, cookie].filter(Boolean).join('; ') },
    payload,
    remoteAddress: nextIp(),
  });
}

/** A payer who started paying: their browser's payer cookie and their pay link. */
async function startPaying(profile: ProfileRow, offerUrl: string, extra: Record<string, unknown> = {}) {
  const response = await requestPayment(profile, offerUrl, { ...invoice(), ...extra });
  expect(response.statusCode).toBe(200);
  const cookie = response.cookies.find((c) => c.name === PAYER_COOKIE);
  if (!cookie) throw new Error('no payer cookie');
  return { cookie: `${PAYER_COOKIE}=${cookie.value}`, payLink: response.json().data.payLink as string };
}

const payerPath = (profile: ProfileRow, offerUrl: string) =>
  `/api/public/profile/${profile.seolink}/payment/${offerUrl}/document`;

function ownerGet(offerId: number, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url: `/api/user/offer/${offerId}/substitution-document`, headers });
}

async function documentLinkIn(to: string): Promise<string> {
  const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
  const link = linksIn(mail?.html ?? '').find((l) => l.includes('/api/public/substitution-document/'));
  if (!link) throw new Error('no document link in the confirmation');
  return new URL(link).pathname;
}

describe('step 2: the grantor', () => {
  it('is stored with the payer’s checkout', async () => {
    const { profile, offer } = await lawyer();
    await startPaying(profile, offer.offerUrl, { grantor });
    const [payment] = await t.db.select().from(offerPayments).where(eq(offerPayments.offerId, offer.id));
    expect(payment?.grantor).toEqual({
      name: 'Grzegorz Żółć',
      professionalType: 'adwokat',
      licenseNo: 'WAW/Adw/4321',
      officeAddress: 'ul. Świętokrzyska 12, 00-916 Warszawa',
    });
  });

  it('refuses bad grantor data and a grantor who cannot authorise this trainee, storing nothing', async () => {
    const { profile, offer } = await lawyer('aplikant-radcowski');
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ ...grantor, name: '' }, { 'grantor.name': 'validation.grantorNameRequired' }],
      [
        { ...grantor, professional_type: 'aplikant-adwokacki' },
        { 'grantor.professional_type': 'validation.grantorTypeInvalid' },
      ],
      [{ ...grantor, license_no: '' }, { 'grantor.license_no': 'validation.grantorLicenceRequired' }],
      // the entry number follows the register's rules for the grantor's profession
      [{ ...grantor, license_no: '4321' }, { 'grantor.license_no': 'validation.licenceNoAdvocate' }],
      [
        { ...grantor, professional_type: 'radca-prawny' },
        { 'grantor.license_no': 'validation.licenceNoLegalCounsel' },
      ],
      // an advocate does not authorise a trainee legal counsel
      [grantor, { 'grantor.professional_type': 'validation.grantorMismatch' }],
    ];
    for (const [bad, errors] of cases) {
      const response = await requestPayment(profile, offer.offerUrl, { ...invoice(), grantor: bad });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation.failed', errors });
    }
    expect(await t.db.select().from(offerPayments).where(eq(offerPayments.offerId, offer.id))).toHaveLength(
      0,
    );
    const fits = await requestPayment(profile, offer.offerUrl, {
      ...invoice(),
      grantor: { ...grantor, professional_type: 'radca-prawny', license_no: 'wa-14592' },
    });
    expect(fits.statusCode).toBe(200);
  });
});

describe('who downloads the substitution document', () => {
  it('nobody before the payment: not the owner, not the payer', async () => {
    const { profile, offer, headers } = await lawyer();
    const { cookie } = await startPaying(profile, offer.offerUrl, { grantor });
    const owner = await ownerGet(offer.id, headers);
    expect(owner.statusCode).toBe(404);
    expect(owner.json().code).toBe('documents.not_available');
    expect(
      (await t.app.inject({ method: 'GET', url: payerPath(profile, offer.offerUrl), headers: { cookie } }))
        .statusCode,
    ).toBe(404);
    const status = await t.app.inject({
      method: 'GET',
      url: `${payerPath(profile, offer.offerUrl)}/status`,
      headers: { cookie },
    });
    expect(status.statusCode).toBe(200);
    expect(status.json().data).toEqual({ ready: false, kind: null, file_name: null });
  });

  it('after the payment: the owner, the payer (cookie and mail link); not another lawyer, another browser or anonymous', async () => {
    const { profile, offer, headers } = await lawyer();
    const payer = await startPaying(profile, offer.offerUrl, { grantor });
    // a second client who also started paying on the link, but did not pay
    const other = await startPaying(profile, offer.offerUrl);
    await payThroughSandbox(t.app, payer.payLink);

    const owner = await ownerGet(offer.id, headers);
    expect(owner.statusCode).toBe(200);
    expect(owner.headers['content-type']).toBe('application/pdf');
    expect(owner.headers['content-disposition']).toBe(
      `attachment; filename="pelnomocnictwo-substytucyjne-${offer.id}.pdf"`,
    );
    expect(owner.headers['cache-control']).toBe('no-store');
    const text = await pdfFlatText(owner.rawPayload);
    expect(text).toContain('PEŁNOMOCNICTWO SUBSTYTUCYJNE');
    expect(text).toContain('Grzegorz Żółć');
    expect(text).toContain('WAW/Adw/4321');
    expect(text).toContain('Zofia Wiśniewska');
    expect(text).toContain('Radca prawny');
    expect(text).toMatch(/Warszawa, dnia \d{2}\.\d{2}\.\d{4} r\./);

    const status = await t.app.inject({
      method: 'GET',
      url: `${payerPath(profile, offer.offerUrl)}/status`,
      headers: { cookie: payer.cookie },
    });
    expect(status.json().data).toEqual({
      ready: true,
      kind: 'substitution',
      file_name: `pelnomocnictwo-substytucyjne-${offer.id}.pdf`,
    });
    const byCookie = await t.app.inject({
      method: 'GET',
      url: payerPath(profile, offer.offerUrl),
      headers: { cookie: payer.cookie },
    });
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.rawPayload.equals(owner.rawPayload)).toBe(true);

    const mailLink = await documentLinkIn(
      (await t.db.select().from(offerPayments).where(eq(offerPayments.offerId, offer.id))).find(
        (p) => p.status === 'paid',
      )!.email,
    );
    const byMail = await t.app.inject({ method: 'GET', url: mailLink });
    expect(byMail.statusCode).toBe(200);
    expect(byMail.rawPayload.equals(owner.rawPayload)).toBe(true);

    // another lawyer
    const stranger = await t.seed.session();
    await t.seed.profile({ userId: stranger.user.id });
    const strangerGet = await ownerGet(offer.id, stranger.headers);
    expect(strangerGet.statusCode).toBe(404);
    expect(strangerGet.json().code).toBe('offers.not_found');
    // anonymous
    expect((await ownerGet(offer.id)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: payerPath(profile, offer.offerUrl) })).statusCode).toBe(
      404,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: `${payerPath(profile, offer.offerUrl)}/status` })).statusCode,
    ).toBe(404);
    // the client who did not pay, with their own payer cookie; a made-up cookie; a made-up link
    for (const cookie of [other.cookie, `${PAYER_COOKIE}=made-up`]) {
      expect(
        (await t.app.inject({ method: 'GET', url: payerPath(profile, offer.offerUrl), headers: { cookie } }))
          .statusCode,
      ).toBe(404);
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/public/substitution-document/made-up' })).statusCode,
    ).toBe(404);
    // the payer's cookie on another lawyer's offer
    const elsewhere = await lawyer();
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: payerPath(elsewhere.profile, elsewhere.offer.offerUrl),
          headers: { cookie: payer.cookie },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('is filled from the hearing: the lawyer’s details and the party the payer added in step 2', async () => {
    const { profile, headers } = await lawyer('adwokat');
    const offer = await t.seed.offer({
      profileId: profile.id,
      courtId: 'sad-rejonowy-dla-warszawy-mokotowa-w-warszawie',
      courtDivision: 'I Wydział Cywilny',
      caseNumber: 'I C 123/26',
      hearingAt: new Date('2030-12-03T08:30:00Z'),
    });
    const { payLink } = await startPaying(profile, offer.offerUrl, {
      grantor: { ...grantor, professional_type: 'radca-prawny', license_no: 'WA-14592' },
      hearing: { party: 'Jan Kowalski (powód)' },
    });
    await payThroughSandbox(t.app, payLink);
    const text = await pdfFlatText((await ownerGet(offer.id, headers)).rawPayload);
    expect(text).toContain('Sąd Rejonowy dla Warszawy-Mokotowa w Warszawie');
    expect(text).toContain('I Wydział Cywilny');
    expect(text).toContain('I C 123/26');
    expect(text).toContain('Jan Kowalski (powód)');
    expect(text).toContain('wyznaczonej na dzień 03.12.2030 r., godz. 09:30');
    expect(text).toContain('w której siedzibę ma sąd (Warszawa)');
  });

  it('a trainee receives an authorisation; a payer who named no grantor gets dotted lines', async () => {
    const { profile, offer, headers } = await lawyer('aplikant-adwokacki');
    const { payLink } = await startPaying(profile, offer.offerUrl);
    await payThroughSandbox(t.app, payLink);
    const response = await ownerGet(offer.id, headers);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(`upowazenie-${offer.id}.pdf`);
    const text = await pdfFlatText(response.rawPayload);
    expect(text).toContain('UPOWAŻNIENIE');
    expect(text).toContain('art. 77 ustawy z dnia 26 maja 1982 r. – Prawo o adwokaturze');
    expect(text).toContain('Opłata skarbowa: nie dotyczy');
    expect(text).toContain('…………………………………, dnia …………… r.');
  });
});
