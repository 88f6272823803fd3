import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext } from '@playwright/test';
import { adminSession, csrf, registerVerifiedUser, uniqueEmail, waitForMail, type Session } from './api';

export interface ActiveLawyer extends Session {
  /** The bearer and anti-forgery headers for further API calls with the same `request`. */
  headers: Record<string, string>;
  seolink: string;
  fullname: string;
  profileId: number;
}

export interface LawyerProfile {
  firstname: string;
  lastname: string;
  /** The licence: a legal counsel of the Warsaw chamber unless said otherwise. */
  permissions?: string;
  licenseNo?: string;
  institution?: string;
}

/**
 * The sample register's practising advocate (apps/api licence/sample-register.ts): saving a
 * profile with this name and number matches the register, and (issue 30) sends a one-time code to
 * the e-mail the register lists for the entry (SAMPLE_REGISTER_EMAILS); typing it verifies.
 */
export const SAMPLE_ADVOCATE: Required<LawyerProfile> = {
  firstname: 'Anna Maria',
  lastname: 'Nowak',
  permissions: 'adwokat',
  licenseNo: 'WAW/Adw/90002',
  institution: 'ia-warszawa',
};

/** Issue 30: the contacts the sample register lists, where the licence codes go. */
export const SAMPLE_REGISTER_EMAILS: Record<string, string> = {
  'WAW/Adw/90001': 'prawnik.demo@adwokat.example.com',
  'WAW/Adw/90002': 'anna.nowak@kancelaria-nowak.example.com',
  'GDA/Apl/90005': 'michal.zielinski@aplikant.example.com',
  'WAW/Adw/90007': 'piotr.kaminski@kancelaria-kaminski.example.com',
};

/** Another practising advocate of the sample register, for a second journey with a fresh number. */
export const SECOND_SAMPLE_ADVOCATE: Required<LawyerProfile> = {
  firstname: 'Piotr',
  lastname: 'Kamiński',
  permissions: 'adwokat',
  licenseNo: 'WAW/Adw/90007',
  institution: 'ia-warszawa',
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Issue 30: the newest licence code the app sent to the register's contact for `licenseNo` on
 * behalf of `accountEmail`, read from the local mailbox as the advocate would read it.
 */
export async function licenceCodeFor(
  request: APIRequestContext,
  licenseNo: string,
  accountEmail: string,
): Promise<string> {
  const contact = SAMPLE_REGISTER_EMAILS[licenseNo];
  if (!contact) throw new Error(`the sample register lists no e-mail for ${licenseNo}`);
  const mail = await waitForMail(request, contact, new RegExp(escapeRegExp(accountEmail)));
  const code = /(?:Kod|Code): (\d{6})/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in "${mail.subject}"`);
  return code;
}

/** Types the licence code through the API, as the licence panel does; answers the new state. */
export async function typeLicenceCode(
  request: APIRequestContext,
  lawyer: Pick<ActiveLawyer, 'headers'>,
  code: string,
): Promise<string> {
  const typed = await request.post('/api/user/profile/licence/code', { headers: lawyer.headers, data: { code } });
  expect(typed.status(), await typed.text()).toBe(200);
  return ((await typed.json()) as { data: { licence: { state: string } } }).data.licence.state;
}

function profilePayload({
  firstname,
  lastname,
  permissions = 'radca-prawny',
  licenseNo = 'WA-12345',
  institution = 'oirp-warszawa',
}: LawyerProfile) {
  return {
    firstname,
    lastname,
    phone: '+48 601 234 567',
    permissions,
    licenseNo,
    specialization: ['prawo-cywilne', 'prawo-pracy'],
    institution,
    description: 'Radca prawny z Warszawy. Zastępstwa procesowe w sprawach cywilnych i pracowniczych.',
    linkedinUrl: '',
    facebookUrl: '',
    jobs: [
      {
        positionName: 'Radca prawny',
        employerName: 'Kancelaria Kowalski',
        monthStart: '1',
        yearStart: '2020',
        monthEnd: '',
        yearEnd: '',
        stillWorking: true,
      },
    ],
    references: [{ author: 'Anna Nowak', description: 'Rzetelne zastępstwo, świetny kontakt.' }],
  };
}

/**
 * A lawyer whose profile is complete but not yet active (no payment account): registered and
 * verified through the mailbox, profile filled through PUT /api/user/profile.
 */
export async function createCompleteLawyer(
  request: APIRequestContext,
  profile: LawyerProfile = { firstname: 'Jan', lastname: 'Kowalski' },
): Promise<ActiveLawyer> {
  const session = await registerVerifiedUser(request, uniqueEmail('lawyer'));
  const headers = { ...(await csrf(request)), authorization: `Bearer ${session.token}` };
  const saved = await request.put('/api/user/profile', { headers, data: profilePayload(profile) });
  expect(saved.status(), await saved.text()).toBe(200);
  const data = ((await saved.json()) as { data: { seolink: string; fullname: string; profileId: number } })
    .data;
  return { ...session, headers, seolink: data.seolink, fullname: data.fullname, profileId: data.profileId };
}

/**
 * The payment account finished on the sandbox provider's onboarding page (the same form a person
 * submits), which makes a complete profile active.
 */
export async function connectPaymentAccount(
  request: APIRequestContext,
  lawyer: Pick<ActiveLawyer, 'headers'>,
): Promise<void> {
  const link = await request.post('/api/user/profile/stripe/createaccount', { headers: lawyer.headers });
  expect(link.status(), await link.text()).toBe(200);
  const onboarding = new URL(((await link.json()) as { data: { url: string } }).data.url);
  const token = onboarding.searchParams.get('token');
  if (!token) throw new Error(`no token in the onboarding link ${onboarding.href}`);
  const completed = await request.post(onboarding.pathname, {
    form: { token, action: 'complete' },
    maxRedirects: 0,
  });
  expect(completed.status(), await completed.text()).toBe(303);
  const read = await request.get('/api/user/profile', { headers: lawyer.headers });
  expect(((await read.json()) as { data: { status: string } }).data.status).toBe('active');
}

/**
 * A lawyer who may create offers: a complete profile, an active payment account and (issue 22)
 * a verified licence. A sample-register advocate types the code from the register's e-mail
 * (issue 30), as a real one would; anyone else (or a number another account already holds) sends
 * a certificate, which the demo administrator approves, as a person reviewing would.
 */
export async function createActiveLawyer(
  request: APIRequestContext,
  profile?: LawyerProfile,
): Promise<ActiveLawyer> {
  const lawyer = await createCompleteLawyer(request, profile);
  await connectPaymentAccount(request, lawyer);
  let state = await licenceStateOf(request, lawyer);
  if (state === 'code_sent' && profile?.licenseNo) {
    state = await typeLicenceCode(request, lawyer, await licenceCodeFor(request, profile.licenseNo, lawyer.email));
  }
  if (state !== 'verified') await approveLicence(request, lawyer);
  return lawyer;
}

async function licenceStateOf(request: APIRequestContext, lawyer: Pick<ActiveLawyer, 'headers'>): Promise<string> {
  const read = await request.get('/api/user/profile', { headers: lawyer.headers });
  return ((await read.json()) as { data: { licence: { state: string } } }).data.licence.state;
}

/** The demo administrator's bearer token, for the review queue's API. */
export async function adminBearer(request: APIRequestContext): Promise<string> {
  return (await adminSession(request)).token;
}

const CERTIFICATE = readFileSync(new URL('../fixtures/cv.pdf', import.meta.url));

/**
 * Issue 22: offers need a verified licence. The fixture's lawyer is a legal counsel, whom no
 * register answers for: the lawyer sends a chamber certificate (issue 30: a person approves only
 * from one), and the demo administrator approves the licence as a person would.
 */
export async function approveLicence(
  request: APIRequestContext,
  lawyer: Pick<ActiveLawyer, 'headers' | 'profileId'>,
): Promise<void> {
  const sent = await request.post('/api/user/profile/licence/certificate', {
    headers: lawyer.headers,
    multipart: { file: { name: 'zaswiadczenie.pdf', mimeType: 'application/pdf', buffer: CERTIFICATE } },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const profileId = lawyer.profileId;
  const decided = await request.post(`/api/admin/licence-reviews/${profileId}`, {
    headers: { ...(await csrf(request)), authorization: `Bearer ${await adminBearer(request)}` },
    data: { decision: 'approve', reason: null },
  });
  expect(decided.status(), await decided.text()).toBe(200);
}

export interface CreatedOffer {
  offerId: number;
  title: string;
  absoluteUrl: string;
  offerUrl: string;
  price: string;
  price_brutto: string;
}

/** POST /api/user/offer as the given lawyer; the expiry defaults to 7 days from now. */
export async function createOfferFor(
  request: APIRequestContext,
  lawyer: Pick<ActiveLawyer, 'headers'>,
  offer: { title: string; price: string; expireDate?: string },
): Promise<CreatedOffer> {
  const expireDate = offer.expireDate ?? new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const created = await request.post('/api/user/offer', {
    headers: lawyer.headers,
    data: { title: offer.title, expireDate, price: offer.price, description: '' },
  });
  expect(created.status(), await created.text()).toBe(200);
  const body = (await created.json()) as { data: { offer: CreatedOffer; absoluteUrl: string } };
  return { ...body.data.offer, absoluteUrl: body.data.absoluteUrl };
}

/**
 * A client pays the offer through the public payment call and the sandbox checkout page (the
 * form a payer submits), so the offer becomes payed through a real payment event.
 */
export async function payOffer(
  request: APIRequestContext,
  lawyer: Pick<ActiveLawyer, 'seolink'>,
  offer: Pick<CreatedOffer, 'offerUrl'>,
  payer = uniqueEmail('client'),
): Promise<void> {
  const headers = await csrf(request);
  const started = await request.post(
    `/api/public/profile/${encodeURIComponent(lawyer.seolink)}/payment/${encodeURIComponent(offer.offerUrl)}`,
    {
      headers,
      data: {
        nip: '5260250995',
        company: 'Kancelaria Klienta sp. z o.o.',
        street: 'Prosta 20/4',
        postCode: '00-850',
        city: 'Warszawa',
        email: payer,
        policyConfirm: true,
      },
    },
  );
  expect(started.status(), await started.text()).toBe(200);
  const payLink = new URL(((await started.json()) as { data: { payLink: string } }).data.payLink);
  const token = payLink.searchParams.get('token');
  if (!token) throw new Error(`no token in the payment link ${payLink.href}`);
  const paid = await request.post(payLink.pathname, { form: { token, action: 'pay' }, maxRedirects: 0 });
  expect(paid.status(), await paid.text()).toBe(303);
}
