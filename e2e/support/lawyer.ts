import { expect, type APIRequestContext } from '@playwright/test';
import { csrf, registerVerifiedUser, uniqueEmail, type Session } from './api';

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
 * The sample register's practising advocate (apps/api licence/sample-register.ts): a lawyer with
 * this name and number is verified by the register as soon as the profile is saved.
 */
export const SAMPLE_ADVOCATE: Required<LawyerProfile> = {
  firstname: 'Anna Maria',
  lastname: 'Nowak',
  permissions: 'adwokat',
  licenseNo: 'WAW/Adw/90002',
  institution: 'ia-warszawa',
};

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
 * a verified licence. The sample register's advocates are verified on saving the profile; anyone
 * else is approved by the demo administrator, as a person reviewing would.
 */
export async function createActiveLawyer(
  request: APIRequestContext,
  profile?: LawyerProfile,
): Promise<ActiveLawyer> {
  const lawyer = await createCompleteLawyer(request, profile);
  await connectPaymentAccount(request, lawyer);
  const read = await request.get('/api/user/profile', { headers: lawyer.headers });
  const licence = ((await read.json()) as { data: { licence: { state: string } } }).data.licence;
  if (licence.state !== 'verified') await approveLicence(request, lawyer.profileId);
  return lawyer;
}

// Seeded at start outside production (apps/api demo accounts).
const ADMIN = { email: 'admin@substytut.local', password: 'Demo-Admin-Substytut' };
/** One administrator login per worker: logins are throttled, and a token outlives a run. */
let adminToken: Promise<string> | null = null;

/** The demo administrator's bearer token, for the review queue's API. */
export function adminBearer(request: APIRequestContext): Promise<string> {
  adminToken ??= (async () => {
    const login = await request.post('/api/login', {
      headers: await csrf(request),
      data: { ...ADMIN, 'cf-turnstile-response': 'local' },
    });
    expect(login.status(), await login.text()).toBe(200);
    return ((await login.json()) as { data: { token: string } }).data.token;
  })();
  return adminToken;
}

/**
 * Issue 22: offers need a verified licence. The fixture's lawyer is a legal counsel, whom no
 * register answers for, so the demo administrator approves the licence as a person would.
 */
export async function approveLicence(request: APIRequestContext, profileId: number): Promise<void> {
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
