import { addDays, feeBasisPointsOf, grossFromNet, warsawDate, withheldFee } from '@substytut/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, csrfHeaders, type TestApp, sandboxCheckout } from '../../../../test/helpers.ts';
import { offerPayments, payouts } from '../../../db/schema/offer-payments.ts';
import { sandboxCheckouts, sandboxRefunds, sandboxTransfers } from '../../../db/schema/sandbox-provider.ts';
import {
  mailOutbox,
  offers,
  paymentAccounts,
  processedEvents,
  type OfferRow,
  type ProfileRow,
} from '../../../db/schema.ts';
import { hashToken } from '../../app/token-crypto.ts';
import type { PaymentEvent } from '../../payments/payments.port.ts';
import { PAYER_COOKIE } from '../offers.schemas.ts';
import { runClockJob } from '../money/clock.ts';

let t: TestApp;
let csrf: Awaited<ReturnType<typeof csrfHeaders>>;

beforeAll(async () => {
  t = await createTestApp();
  csrf = await csrfHeaders(t.app);
});
afterAll(() => t?.close());

const invoice = {
  nip: 'PL 779-236-42-75',
  company: 'Kancelaria Nowak',
  street: 'Święty Marcin 29/8',
  postCode: '61-806',
  city: 'Poznań',
  email: 'klient@example.com',
  policyConfirm: true,
  invoice: true,
  phone: '000000000',
  firstname: 'firstname',
  lastname: 'lastname',
};

let ipCounter = 0;
const nextIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

function requestPayment(
  profile: ProfileRow,
  offerUrl: string,
  payload: Record<string, unknown> = invoice,
  headers: Record<string, string> = csrf,
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/public/profile/${profile.seolink}/payment/${offerUrl}`,
    headers,
    payload,
    remoteAddress: nextIp(),
  });
}

async function lawyerWithOffer(offer: Partial<OfferRow> = {}) {
  const profile = await t.seed.profile();
  const row = await t.seed.offer({ profileId: profile.id, ...offer });
  return { profile, offer: row };
}

const offerStatus = async (id: number) =>
  (await t.db.select({ status: offers.status }).from(offers).where(eq(offers.id, id)))[0]?.status;
const paymentsOf = (offerId: number) =>
  t.db.select().from(offerPayments).where(eq(offerPayments.offerId, offerId));
/** The payer's secret cookie a payment request set. */
function payerCookie(response: Awaited<ReturnType<typeof requestPayment>>) {
  const cookie = response.cookies.find((c) => c.name === PAYER_COOKIE);
  if (!cookie) throw new Error('no payer cookie');
  return cookie;
}
const mailsTo = (to: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

/** The lawyer's dashboard page at the sandbox provider. */
async function sandboxDashboard(userId: string) {
  const link = await t.services.payments.dashboardLink({ id: userId, email: 'x@example.com', locale: 'pl' });
  return t.app.inject({ method: 'GET', url: new URL(link).pathname + new URL(link).search });
}

async function paidOffer() {
  const { profile, offer } = await lawyerWithOffer();
  const response = await requestPayment(profile, offer.offerUrl);
  expect(response.statusCode).toBe(200);
  expect((await sandboxCheckout(t.app, response.json().data.payLink, 'pay')).statusCode).toBe(303);
  expect(await offerStatus(offer.id)).toBe('payed');
  return { profile, offer };
}

async function markDone(offerId: number, doneAt = t.clock.now()) {
  const token = `accept-${offerId}-${Math.random().toString(36).slice(2)}`;
  await t.db
    .update(offers)
    .set({ status: 'done', doneAt, acceptanceTokenHash: hashToken(token) })
    .where(eq(offers.id, offerId));
  return token;
}

describe('POST /api/public/profile/{seolink}/payment/{offerUrl}', () => {
  it('records the payment, opens a sandbox checkout and moves the offer to paystart', async () => {
    const { profile, offer } = await lawyerWithOffer({ netGrosze: 10_000 });
    const response = await requestPayment(profile, offer.offerUrl);
    expect(response.statusCode).toBe(200);
    const { payLink } = response.json().data;
    expect(payLink).toMatch(
      /^http:\/\/localhost:3000\/sandbox\/payments\/checkout\/cs_sandbox_[0-9a-f]+\?token=/,
    );
    const [payment] = await paymentsOf(offer.id);
    expect(payment).toMatchObject({
      status: 'open',
      provider: 'sandbox',
      price: 12_300,
      nip: '7792364275',
      company: 'Kancelaria Nowak',
      street: 'Święty Marcin 29/8',
      postCode: '61-806',
      city: 'Poznań',
      email: 'klient@example.com',
      invoice: true,
      phone: '000000000',
      payLink,
    });
    expect(payment?.externalId).toMatch(/^cs_sandbox_/);
    expect(await offerStatus(offer.id)).toBe('paystart');
  });

  it('a repeat from the same browser gets its own checkout back; changed data replaces it', async () => {
    const { profile, offer } = await lawyerWithOffer();
    const first = await requestPayment(profile, offer.offerUrl);
    const cookie = payerCookie(first);
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: `/api/public/profile/${profile.seolink}/payment/${offer.offerUrl}`,
    });
    const asA = { ...csrf, cookie: `${csrf.cookie}; ${PAYER_COOKIE}=${cookie.value}` };
    const again = await requestPayment(profile, offer.offerUrl, invoice, asA);
    expect(again.json().data.payLink).toBe(first.json().data.payLink);
    expect(await paymentsOf(offer.id)).toHaveLength(1);

    // Going back to correct the data: the old checkout ends at the provider, a new one opens.
    const corrected = await requestPayment(profile, offer.offerUrl, { ...invoice, city: 'Gniezno' }, asA);
    expect(corrected.json().data.payLink).not.toBe(first.json().data.payLink);
    const rows = await paymentsOf(offer.id);
    expect(rows.map((r) => [r.status, r.city]).sort()).toEqual([
      ['expired', 'Poznań'],
      ['open', 'Gniezno'],
    ]);
    const oldPage = new URL(first.json().data.payLink as string);
    expect(
      (await t.app.inject({ method: 'GET', url: `${oldPage.pathname}${oldPage.search}` })).statusCode,
    ).toBe(410);
    expect(await offerStatus(offer.id)).toBe('paystart');

    // A request without the browser's secret never gets that checkout, even with the same data.
    const stranger = await requestPayment(profile, offer.offerUrl, { ...invoice, city: 'Gniezno' });
    expect(stranger.json().data.payLink).not.toBe(corrected.json().data.payLink);
    // A made-up secret counts as none.
    const forged = await requestPayment(profile, offer.offerUrl, invoice, {
      ...csrf,
      cookie: `${csrf.cookie}; ${PAYER_COOKIE}=made-up`,
    });
    expect(forged.json().data.payLink).not.toBe(first.json().data.payLink);
    expect(payerCookie(forged).value).not.toBe('made-up');
    expect((await paymentsOf(offer.id)).filter((r) => r.status === 'open')).toHaveLength(3);
  });

  it('50 concurrent repeats from one browser, with the same or changed data, leave it one open checkout', async () => {
    const { profile, offer } = await lawyerWithOffer();
    const first = await requestPayment(profile, offer.offerUrl);
    const asA = { ...csrf, cookie: `${csrf.cookie}; ${PAYER_COOKIE}=${payerCookie(first).value}` };
    for (const payload of [invoice, { ...invoice, city: 'Gniezno' }]) {
      const responses = await Promise.all(
        Array.from({ length: 50 }, () => requestPayment(profile, offer.offerUrl, payload, asA)),
      );
      expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
      expect(new Set(responses.map((r) => r.json().data.payLink)).size).toBe(1);
      const open = (await paymentsOf(offer.id)).filter((r) => r.status === 'open');
      expect(open.map((r) => r.city)).toEqual([payload.city]);
    }
    expect(await offerStatus(offer.id)).toBe('paystart');
  });

  it('refuses offers that cannot be paid and creates nothing', async () => {
    const today = warsawDate(t.clock.now());
    const cases: [Partial<OfferRow>, number, string][] = [
      [{ expireDate: addDays(today, -1) }, 409, 'offers.not_payable'],
      [{ status: 'expired' }, 409, 'offers.not_payable'],
      [{ status: 'payed' }, 409, 'offers.not_payable'],
      [{ status: 'done' }, 409, 'offers.not_payable'],
      [{ status: 'accepted' }, 409, 'offers.not_payable'],
    ];
    for (const [fields, status, code] of cases) {
      const { profile, offer } = await lawyerWithOffer(fields);
      const response = await requestPayment(profile, offer.offerUrl);
      expect(response.statusCode, JSON.stringify(fields)).toBe(status);
      expect(response.json().code).toBe(code);
      expect(await paymentsOf(offer.id)).toHaveLength(0);
    }
    const { profile, offer } = await lawyerWithOffer();
    const other = await t.seed.profile();
    expect((await requestPayment(profile, 'no-such-offer-url-000000')).json().code).toBe('offers.not_found');
    // An offer link only works on its own lawyer's page.
    const foreign = await requestPayment(other, offer.offerUrl);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('offers.not_found');
    // A lawyer whose profile is no longer public.
    const inactive = await t.seed.profile({ active: false });
    const hidden = await t.seed.offer({ profileId: inactive.id });
    expect((await requestPayment(inactive, hidden.offerUrl)).statusCode).toBe(404);
    expect(await paymentsOf(offer.id)).toHaveLength(0);
  });

  it('answers every invalid invoice field with 400 and its message key', async () => {
    const { profile, offer } = await lawyerWithOffer();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ nip: '' }, 'nip', 'validation.nipRequired'],
      [{ nip: '123' }, 'nip', 'validation.nipDigits'],
      [{ nip: '7792364276' }, 'nip', 'validation.nipChecksum'],
      [{ company: '' }, 'company', 'validation.companyRequired'],
      [{ company: 'A' }, 'company', 'validation.companyMin'],
      [{ street: 'A' }, 'street', 'validation.streetMin'],
      [{ postCode: '12345' }, 'postCode', 'validation.postCodeFormat'],
      [{ city: 'A' }, 'city', 'validation.cityMin'],
      [{ email: '' }, 'email', 'validation.emailRequired'],
      [{ email: 'klient@' }, 'email', 'validation.emailInvalid'],
      [{ policyConfirm: false }, 'policyConfirm', 'validation.policyConfirm'],
    ];
    for (const [change, field, key] of cases) {
      const response = await requestPayment(profile, offer.offerUrl, { ...invoice, ...change });
      expect(response.statusCode, field).toBe(400);
      expect(response.json(), JSON.stringify(change)).toMatchObject({
        code: 'validation.failed',
        errors: { [field]: key },
      });
    }
    expect(await paymentsOf(offer.id)).toHaveLength(0);
    expect(await offerStatus(offer.id)).toBe('active');
  });

  it('refuses a cookie-only request without the anti-forgery header', async () => {
    const { profile, offer } = await lawyerWithOffer();
    const response = await requestPayment(profile, offer.offerUrl, invoice, { cookie: csrf.cookie });
    expect(response.statusCode).toBe(403);
    expect(await paymentsOf(offer.id)).toHaveLength(0);
  });
});

describe('the sandbox checkout page', () => {
  it('shows the amount, payee and methods, and paying moves the offer to payed and mails both sides', async () => {
    const { profile, offer } = await lawyerWithOffer({ netGrosze: 100_000 });
    const payLink = (await requestPayment(profile, offer.offerUrl)).json().data.payLink as string;
    const url = new URL(payLink);
    const page = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('SANDBOX');
    expect(page.body).toContain('1\u00a0230,00\u00a0zł');
    expect(page.body).toContain(`${profile.firstname} ${profile.lastname}`);
    for (const method of ['BLIK', 'Przelewy24', 'Apple Pay']) expect(page.body).toContain(method);

    const paid = await sandboxCheckout(t.app, payLink, 'pay');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe('http://localhost:3000/payment/success');
    expect(await offerStatus(offer.id)).toBe('payed');
    const [payment] = await paymentsOf(offer.id);
    expect(payment?.status).toBe('paid');
    expect(payment?.payDate).not.toBeNull();
    expect(payment?.paymentRef).toMatch(/^pi_sandbox_/);
    expect(
      (await mailsTo('klient@example.com')).some((m) => m.subject.includes('Potwierdzenie płatności')),
    ).toBe(true);
    const lawyerMails = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.subject, `Nowe opłacone zlecenie: ${offer.title}`)));
    expect(lawyerMails).toHaveLength(1);
    expect(lawyerMails[0]?.text).toContain('NIP 7792364275');

    // The page cannot be used again once paid.
    expect((await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` })).statusCode).toBe(410);
    expect((await requestPayment(profile, offer.offerUrl)).json().code).toBe('offers.not_payable');
  });

  it('cancel ends the checkout and the offer can be paid again with a new one', async () => {
    const { profile, offer } = await lawyerWithOffer();
    const first = (await requestPayment(profile, offer.offerUrl)).json().data.payLink as string;
    const cancelled = await sandboxCheckout(t.app, first, 'cancel');
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe('http://localhost:3000/payment/cancel');
    expect(await offerStatus(offer.id)).toBe('active');
    expect((await paymentsOf(offer.id))[0]?.status).toBe('expired');

    const second = (
      await requestPayment(profile, offer.offerUrl, invoice, { ...csrf, 'accept-language': 'en' })
    ).json().data.payLink as string;
    expect(second).not.toBe(first);
    const failed = await sandboxCheckout(t.app, second, 'fail');
    expect(failed.headers.location).toBe('http://localhost:3000/en/payment/cancel?reason=failed');
    expect((await paymentsOf(offer.id)).map((p) => p.status).sort()).toEqual(['expired', 'failed']);
    expect(await offerStatus(offer.id)).toBe('active');
  });

  it('refuses a forged page token and changes nothing', async () => {
    const { profile, offer } = await lawyerWithOffer();
    const payLink = (await requestPayment(profile, offer.offerUrl)).json().data.payLink as string;
    const url = new URL(payLink);
    const forged = await t.app.inject({
      method: 'POST',
      url: url.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'token=forged-token&action=pay&method=card',
    });
    expect(forged.statusCode).toBe(410);
    expect(await offerStatus(offer.id)).toBe('paystart');
    expect((await paymentsOf(offer.id))[0]?.status).toBe('open');
  });
});

describe('two payers on one offer link', () => {
  const invoiceB = {
    ...invoice,
    nip: '5252987310',
    company: 'Firma B sp. z o.o.',
    street: 'Prosta 20',
    postCode: '00-850',
    city: 'Warszawa',
    email: 'klient-b@example.com',
    locale: 'en',
  };
  const emailA = (offerId: number) => `klient-a-${offerId}@example.com`;

  /** A lawyer who can sign in, an offer, and two clients who each started a checkout on its link. */
  async function twoCheckouts() {
    const session = await t.seed.session();
    const profile = await t.seed.profile({ userId: session.user.id });
    const offer = await t.seed.offer({ profileId: profile.id });
    const a = await requestPayment(profile, offer.offerUrl, { ...invoice, email: emailA(offer.id) });
    const b = await requestPayment(profile, offer.offerUrl, {
      ...invoiceB,
      email: `b-${offer.id}@example.com`,
    });
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const rows = await paymentsOf(offer.id);
    const rowA = rows.find((r) => r.email === emailA(offer.id))!;
    const rowB = rows.find((r) => r.email === `b-${offer.id}@example.com`)!;
    return {
      headers: session.headers,
      profile,
      offer,
      a: { payLink: a.json().data.payLink as string, row: rowA },
      b: { payLink: b.json().data.payLink as string, row: rowB, email: rowB.email },
    };
  }

  it('each client gets their own checkout, and the second request changes nothing of the first', async () => {
    const { offer, a, b } = await twoCheckouts();
    expect(b.payLink).not.toBe(a.payLink);
    expect(b.row.externalId).not.toBe(a.row.externalId);
    const [rowA] = await t.db.select().from(offerPayments).where(eq(offerPayments.id, a.row.id));
    expect(rowA).toMatchObject({
      status: 'open',
      email: emailA(offer.id),
      nip: '7792364275',
      company: 'Kancelaria Nowak',
      city: 'Poznań',
      locale: 'pl',
      payLink: a.payLink,
    });
    expect(b.row).toMatchObject({
      status: 'open',
      nip: '5252987310',
      company: 'Firma B sp. z o.o.',
      locale: 'en',
    });
    expect(await offerStatus(offer.id)).toBe('paystart');
  });

  it('A pays: A and the lawyer (with A invoice data) are mailed, B checkout ends, later mails go to A', async () => {
    const { headers, offer, a, b } = await twoCheckouts();
    expect((await sandboxCheckout(t.app, a.payLink, 'pay')).statusCode).toBe(303);
    expect(await offerStatus(offer.id)).toBe('payed');
    const rows = await paymentsOf(offer.id);
    expect(rows.find((r) => r.id === a.row.id)?.status).toBe('paid');
    expect(rows.find((r) => r.id === b.row.id)?.status).toBe('expired');

    expect((await mailsTo(emailA(offer.id))).map((m) => m.subject)).toEqual([
      'Potwierdzenie płatności w serwisie Substytut',
    ]);
    expect(await mailsTo(b.email)).toEqual([]);
    const [lawyerMail] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, `Nowe opłacone zlecenie: ${offer.title}`));
    expect(lawyerMail?.text).toContain('Kancelaria Nowak, NIP 7792364275');
    expect(lawyerMail?.text).not.toContain('Firma B');

    // B's checkout can no longer be paid: the provider ended it.
    const pageB = new URL(b.payLink);
    expect((await t.app.inject({ method: 'GET', url: `${pageB.pathname}${pageB.search}` })).statusCode).toBe(
      410,
    );

    // The acceptance link goes to A, who paid.
    const done = await t.app.inject({
      method: 'PUT',
      url: `/api/user/offer/${offer.id}/done`,
      headers,
      payload: { outcome: 'held' },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await mailsTo(emailA(offer.id))).some((m) => m.text.includes('/offer/accept/'))).toBe(true);
    expect(await mailsTo(b.email)).toEqual([]);
  });

  it("A's cancel does not touch B's checkout; the offer is paystart until the last one ended", async () => {
    const { offer, a, b } = await twoCheckouts();
    expect((await sandboxCheckout(t.app, a.payLink, 'cancel')).statusCode).toBe(303);
    const afterCancel = await paymentsOf(offer.id);
    expect(afterCancel.find((r) => r.id === a.row.id)?.status).toBe('expired');
    expect(afterCancel.find((r) => r.id === b.row.id)?.status).toBe('open');
    expect(await offerStatus(offer.id)).toBe('paystart');

    // B can still pay, or fail; only when B's checkout ended too is the offer active again.
    expect((await sandboxCheckout(t.app, b.payLink, 'fail')).statusCode).toBe(303);
    expect(await offerStatus(offer.id)).toBe('active');

    // The same through provider events, and a checkout past its time no longer counts as open.
    const again = await twoCheckouts();
    await t.services.payments.processEvent({
      provider: 'sandbox',
      id: `evt_expire_${again.a.row.id}`,
      created: t.clock.now(),
      type: 'checkout.expired',
      sessionId: again.a.row.externalId,
    });
    expect(await offerStatus(again.offer.id)).toBe('paystart');
    await t.db
      .update(offerPayments)
      .set({ expiresAt: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(offerPayments.id, again.b.row.id));
    const third = await requestPayment(again.profile, again.offer.offerUrl);
    await sandboxCheckout(t.app, third.json().data.payLink, 'cancel');
    expect(await offerStatus(again.offer.id)).toBe('active');
  });

  it('a payment that completes on an offer already paid is refunded, recorded and its payer told', async () => {
    const { headers, profile, offer, a, b } = await twoCheckouts();
    expect((await sandboxCheckout(t.app, a.payLink, 'pay')).statusCode).toBe(303);
    // The race the provider cannot rule out: B's money was taken before B's checkout ended.
    const paymentRef = `pi_sandbox_race_${offer.id}`;
    await t.db
      .update(sandboxCheckouts)
      .set({ status: 'complete', paymentRef, completedAt: t.clock.now() })
      .where(eq(sandboxCheckouts.sessionId, b.row.externalId));
    const late = {
      provider: 'sandbox',
      id: `evt_late_${offer.id}`,
      created: t.clock.now(),
      type: 'checkout.completed',
      sessionId: b.row.externalId,
      paid: true,
      paymentRef,
    } as const;
    for (let i = 0; i < 3; i++) await t.services.payments.processEvent(late);
    await t.services.payments.processEvent({ ...late, id: `evt_late_again_${offer.id}` });

    expect(await offerStatus(offer.id)).toBe('payed');
    const rows = await paymentsOf(offer.id);
    expect(rows.find((r) => r.id === a.row.id)?.status).toBe('paid');
    const refunded = rows.find((r) => r.id === b.row.id);
    expect(refunded).toMatchObject({ status: 'refunded', paymentRef });
    expect(refunded?.note).toMatch(/re_sandbox_/);
    const refunds = await t.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentRef, paymentRef));
    expect(refunds).toMatchObject([{ amount: offer.grossGrosze }]);
    expect((await mailsTo(b.email)).map((m) => m.subject)).toEqual([
      `Your payment has been refunded: ${offer.title}`,
    ]);
    // The lawyer was told once, about A.
    expect(
      await t.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.subject, `Nowe opłacone zlecenie: ${offer.title}`)),
    ).toHaveLength(1);

    // The lawyer's sandbox dashboard lists the refund.
    const dashboard = await sandboxDashboard(profile.userId);
    expect(dashboard.body).toContain('Zwroty dla klientów');
    expect(dashboard.body).toContain(paymentRef);

    // The job, its payout and the closing mail belong to A's payment.
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/user/offer/${offer.id}/done`,
          headers,
          payload: { outcome: 'held' },
        })
      ).statusCode,
    ).toBe(200);
    await t.db
      .update(offers)
      .set({ doneAt: new Date(t.clock.now().getTime() - 8 * 24 * 60 * 60 * 1000) })
      .where(eq(offers.id, offer.id));
    await runClockJob(t.services.lifecycle);
    expect(await offerStatus(offer.id)).toBe('archive');
    const [payout] = await t.db.select().from(payouts).where(eq(payouts.offerId, offer.id));
    expect(payout?.paymentId).toBe(a.row.id);
    expect(
      (await mailsTo(emailA(offer.id))).some((m) => m.subject.startsWith('Zlecenie zostało rozliczone')),
    ).toBe(true);
    expect(await mailsTo(b.email)).toHaveLength(1);
  });

  it('the sandbox refunds in full or in part, never more than was paid, once per key', async () => {
    const { offer } = await paidOffer();
    const [payment] = await paymentsOf(offer.id);
    const paymentRef = payment!.paymentRef!;
    const refund = (amount: number, idempotencyKey: string) =>
      t.services.payments.refund({ paymentRef, amount, reason: 'requested_by_customer', idempotencyKey });
    await expect(refund(0, `zero-${offer.id}`)).rejects.toThrow();
    await expect(refund(offer.grossGrosze + 1, `too-much-${offer.id}`)).rejects.toThrow();
    await expect(
      t.services.payments.refund({
        paymentRef: 'pi_unknown',
        amount: 1,
        reason: 'duplicate',
        idempotencyKey: 'x',
      }),
    ).rejects.toThrow();
    const first = await refund(1000, `part-1-${offer.id}`);
    expect(await refund(1000, `part-1-${offer.id}`)).toEqual(first);
    await expect(refund(offer.grossGrosze - 999, `part-2-${offer.id}`)).rejects.toThrow();
    await refund(offer.grossGrosze - 1000, `part-3-${offer.id}`);
    const refunds = await t.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentRef, paymentRef));
    expect(refunds.map((r) => r.amount).sort((x, y) => x - y)).toEqual(
      [1000, offer.grossGrosze - 1000].sort((x, y) => x - y),
    );
  });

  it('deleting the offer ends every open checkout at the provider', async () => {
    const { headers, offer, a, b } = await twoCheckouts();
    expect((await paymentsOf(offer.id)).map((r) => r.status)).toEqual(['open', 'open']);
    const response = await t.app.inject({ method: 'DELETE', url: `/api/user/offer/${offer.id}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(await paymentsOf(offer.id)).toEqual([]);
    for (const link of [a.payLink, b.payLink]) {
      const page = new URL(link);
      expect((await t.app.inject({ method: 'GET', url: `${page.pathname}${page.search}` })).statusCode).toBe(
        410,
      );
    }
  });
});

describe('payment events', () => {
  let eventCounter = 0;
  const event = <T extends PaymentEvent['type']>(
    type: T,
    fields: Omit<Extract<PaymentEvent, { type: T }>, 'provider' | 'id' | 'created' | 'type'>,
  ) =>
    ({
      provider: 'sandbox',
      id: `evt_test_${++eventCounter}`,
      created: t.clock.now(),
      type,
      ...fields,
    }) as unknown as PaymentEvent;

  async function openCheckout() {
    const { profile, offer } = await lawyerWithOffer();
    expect((await requestPayment(profile, offer.offerUrl)).statusCode).toBe(200);
    const [payment] = await paymentsOf(offer.id);
    return { offer, sessionId: payment!.externalId };
  }

  async function endState(offerId: number) {
    const [payment] = await paymentsOf(offerId);
    return { offer: await offerStatus(offerId), payment: payment?.status, note: payment?.note !== null };
  }

  it('each event delivered three times, in either order, gives the same end state', async () => {
    const states = [];
    for (const order of [
      ['completed', 'expired'],
      ['expired', 'completed'],
    ] as const) {
      const { offer, sessionId } = await openCheckout();
      const events = {
        completed: event('checkout.completed', { sessionId, paid: true, paymentRef: `pi_${sessionId}` }),
        expired: event('checkout.expired', { sessionId }),
      };
      const mailsBefore = (await t.db.select().from(mailOutbox)).length;
      for (const name of [...order, ...order, ...order]) await t.services.payments.processEvent(events[name]);
      states.push(await endState(offer.id));
      // Exactly one confirmation to the client and one new-job mail to the lawyer.
      expect((await t.db.select().from(mailOutbox)).length - mailsBefore).toBe(2);
      const recorded = await t.db
        .select()
        .from(processedEvents)
        .where(eq(processedEvents.eventId, events.completed.id));
      expect(recorded).toHaveLength(1);
    }
    expect(states[0]).toEqual({ offer: 'payed', payment: 'paid', note: false });
    expect(states[1]).toEqual(states[0]);
  });

  it('a late expiry of an old checkout does not touch a paid offer; refunds and disputes are recorded in any order', async () => {
    const states = [];
    for (const order of [
      ['refunded', 'disputed'],
      ['disputed', 'refunded'],
    ] as const) {
      const { offer, sessionId } = await openCheckout();
      const paymentRef = `pi_${sessionId}`;
      await t.services.payments.processEvent(
        event('checkout.completed', { sessionId, paid: true, paymentRef }),
      );
      const events = {
        refunded: event('charge.refunded', { paymentRef, amountRefunded: 12_300 }),
        disputed: event('charge.disputed', { paymentRef, reason: 'fraudulent' }),
      };
      for (const name of [...order, ...order, ...order]) await t.services.payments.processEvent(events[name]);
      await t.services.payments.processEvent(event('checkout.expired', { sessionId }));
      states.push(await endState(offer.id));
    }
    expect(states[0]).toEqual({ offer: 'payed', payment: 'refunded', note: true });
    expect(states[1]).toEqual(states[0]);
  });

  it('an unpaid completion (delayed method) waits; a later failure returns the offer to active', async () => {
    const { offer, sessionId } = await openCheckout();
    await t.services.payments.processEvent(
      event('checkout.completed', { sessionId, paid: false, paymentRef: 'pi_delayed' }),
    );
    expect(await offerStatus(offer.id)).toBe('paystart');
    await t.services.payments.processEvent(event('checkout.failed', { sessionId }));
    expect(await endState(offer.id)).toEqual({ offer: 'active', payment: 'failed', note: false });
  });
});

describe('POST /api/public/offer/accept', () => {
  const accept = (token: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/public/offer/accept',
      headers: csrf,
      payload: { token },
      remoteAddress: nextIp(),
    });

  it('confirms the job, transfers the lawyer share once, and a second click transfers nothing more', async () => {
    const { profile, offer } = await paidOffer();
    const token = await markDone(offer.id);
    const first = await accept(token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ data: { status: 'accepted', acceptedAt: t.clock.now().toISOString() } });
    expect(await offerStatus(offer.id)).toBe('accepted');
    const [account] = await t.db
      .select()
      .from(paymentAccounts)
      .where(eq(paymentAccounts.userId, profile.userId));
    const transfers = () =>
      t.db.select().from(sandboxTransfers).where(eq(sandboxTransfers.accountId, account!.accountId));
    // The lawyer is on Basic (issue 34 §3): 5 % of 123 zł is withheld.
    const { amount, fee } = withheldFee(grossFromNet(offer.netGrosze), feeBasisPointsOf('basic'));
    expect({ amount, fee }).toEqual({ amount: 11_685, fee: 615 });
    expect(await transfers()).toMatchObject([{ amount, transferGroup: `offer-${offer.id}` }]);
    const [payout] = await t.db.select().from(payouts).where(eq(payouts.offerId, offer.id));
    expect(payout).toMatchObject({ status: 'sent', amount, fee });

    const again = await accept(token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await transfers()).toHaveLength(1);

    // The sandbox account dashboard shows the transfer.
    const dashboard = await sandboxDashboard(profile.userId);
    expect(dashboard.body).toContain(offer.title);
    expect(dashboard.body).toContain('116,85\u00a0zł');
  });

  it('the mailed link /offer/accept/{token} only redirects to the confirmation page', async () => {
    const { offer } = await paidOffer();
    const token = await markDone(offer.id);
    for (const [prefix, target] of [
      ['', '/offer/done'],
      ['/en', '/en/offer/done'],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url: `${prefix}/offer/accept/${token}` });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(`${target}?t=${encodeURIComponent(token)}`);
      expect(response.headers['cache-control']).toBe('no-store');
    }
    // Following the link changed nothing.
    expect(await offerStatus(offer.id)).toBe('done');
  });

  it('answers 404 for an unknown token and 409 once the window closed', async () => {
    expect((await accept('no-such-token')).json().code).toBe('offers.acceptance_invalid');
    expect((await accept('')).statusCode).toBe(400);
    const { offer } = await paidOffer();
    const token = await markDone(offer.id);
    await t.db.update(offers).set({ status: 'archive' }).where(eq(offers.id, offer.id));
    const closed = await accept(token);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe('offers.acceptance_closed');
  });
});

describe('the clock job', () => {
  it('expires unpaid offers past their day, archives unconfirmed done offers with one payout, and is idempotent', async () => {
    const deps = t.services.lifecycle;
    const today = warsawDate(t.clock.now());
    // Earlier tests left offers behind; this one counts only its own.
    await runClockJob(deps);
    const stale = await lawyerWithOffer({ expireDate: addDays(today, -1) });
    const staleStarted = await lawyerWithOffer({ expireDate: addDays(today, -2), status: 'paystart' });
    const fresh = await lawyerWithOffer({ expireDate: today });
    const unconfirmed = await paidOffer();
    await markDone(unconfirmed.offer.id, new Date(t.clock.now().getTime() - 8 * 24 * 60 * 60 * 1000));
    const recent = await paidOffer();
    await markDone(recent.offer.id, new Date(t.clock.now().getTime() - 3 * 24 * 60 * 60 * 1000));

    const first = await runClockJob(deps);
    expect(first).toEqual({ expired: 2, archived: 1, payoutsSent: 1, reconciled: 0 });
    const snapshot = async () => ({
      stale: await offerStatus(stale.offer.id),
      staleStarted: await offerStatus(staleStarted.offer.id),
      fresh: await offerStatus(fresh.offer.id),
      unconfirmed: await offerStatus(unconfirmed.offer.id),
      recent: await offerStatus(recent.offer.id),
      transfers: (await t.db.select().from(sandboxTransfers)).length,
      mails: (await t.db.select().from(mailOutbox)).length,
    });
    const after = await snapshot();
    expect(after).toMatchObject({
      stale: 'expired',
      staleStarted: 'expired',
      fresh: 'active',
      unconfirmed: 'archive',
      recent: 'done',
    });
    const mails = await mailsTo('klient@example.com');
    expect(mails.some((m) => m.subject.startsWith('Zlecenie zostało rozliczone'))).toBe(true);

    // Twice, and twice at once (two instances): nothing more happens.
    expect(await runClockJob(deps)).toEqual({ expired: 0, archived: 0, payoutsSent: 0, reconciled: 0 });
    await Promise.all([runClockJob(deps), runClockJob(deps)]);
    expect(await snapshot()).toEqual(after);
  });

  it('ends overdue sandbox checkouts so the offer can be paid again', async () => {
    const { profile, offer } = await lawyerWithOffer({ expireDate: addDays(warsawDate(t.clock.now()), 5) });
    expect((await requestPayment(profile, offer.offerUrl)).statusCode).toBe(200);
    t.clock.advance(25 * 60 * 60 * 1000);
    await runClockJob(t.services.lifecycle);
    expect(await offerStatus(offer.id)).toBe('active');
    expect((await paymentsOf(offer.id))[0]?.status).toBe('expired');
  });
});
