import { addDays, feeBasisPointsOf, grossFromNet, warsawDate, withheldFee } from '@substytut/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../../../../test/fake-stripe.ts';
import { createTestApp, csrfHeaders, type TestApp } from '../../../../test/helpers.ts';
import {
  checkoutInvoice,
  seedStripeLawyer,
  sessionOfPayLink,
  signedStripeEvent,
  stripeEnv,
  stripeSignature,
} from '../../../../test/stripe-helpers.ts';
import { offerPayments, payouts } from '../../../db/schema/offer-payments.ts';
import { offerRefunds } from '../../../db/schema/disputes.ts';
import { mailOutbox, offers, processedEvents, profiles } from '../../../db/schema.ts';
import { issueAccessToken } from '../../auth/access-tokens.ts';
import { hashToken } from '../../app/token-crypto.ts';
import { runClockJob } from './clock.ts';

/** The lawyers here are on Basic (issue 34 §3): its fee is withheld from each payout. */
const BASIC_FEE = feeBasisPointsOf('basic');

let t: TestApp;
let fake: FakeStripe;
let csrf: Awaited<ReturnType<typeof csrfHeaders>>;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({
    env: stripeEnv(fake),
  });
  csrf = await csrfHeaders(t.app);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const deliver = (event: { payload: string; header: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.header },
    payload: event.payload,
  });

const offerStatus = async (id: number) =>
  (await t.db.select({ status: offers.status }).from(offers).where(eq(offers.id, id)))[0]?.status;

async function startCheckout(expireDate?: string) {
  const { profile, accountId } = await seedStripeLawyer(t.db, t.seed, fake);
  const offer = await t.seed.offer({
    profileId: profile.id,
    netGrosze: 50_000,
    ...(expireDate ? { expireDate } : {}),
  });
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/public/profile/${profile.seolink}/payment/${offer.offerUrl}`,
    headers: csrf,
    payload: checkoutInvoice(),
  });
  expect(response.statusCode).toBe(200);
  const payLink = response.json().data.payLink as string;
  const session = sessionOfPayLink(fake, payLink);
  return { profile, offer, accountId, payLink, session };
}

describe('checkout with Stripe (local fake of its API)', () => {
  it('opens a Checkout Session in PLN for card, BLIK and Przelewy24, ending with the offer', async () => {
    const today = warsawDate(t.clock.now());
    const { offer, payLink, session } = await startCheckout(addDays(today, 10));
    expect(payLink).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const request = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    expect(request.form).toMatchObject({
      mode: 'payment',
      currency: 'pln',
      'allowed_payment_method_types[0]': 'card',
      'allowed_payment_method_types[1]': 'blik',
      'allowed_payment_method_types[2]': 'p24',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'pln',
      'line_items[0][price_data][unit_amount]': String(grossFromNet(50_000)),
      'line_items[0][price_data][product_data][name]': offer.title,
      customer_email: 'platnik@example.com',
      'metadata[offerId]': String(offer.id),
      'payment_intent_data[transfer_group]': `offer-${offer.id}`,
      success_url: 'http://localhost:3000/payment/success',
      cancel_url: 'http://localhost:3000/payment/cancel',
    });
    expect(request.idempotencyKey).toMatch(new RegExp(`^checkout-offer-${offer.id}-1-`));
    // The offer ends in 10 days, so Stripe's 24 hour maximum applies.
    const now = Math.floor(t.clock.now().getTime() / 1000);
    expect(session.expires_at).toBeGreaterThanOrEqual(now + 24 * 3600 - 120);
    expect(session.expires_at).toBeLessThanOrEqual(now + 24 * 3600);
    expect(await offerStatus(offer.id)).toBe('paystart');
  });

  it('a signed checkout.session.completed pays the offer once, however often it arrives', async () => {
    const { offer, session } = await startCheckout();
    const paid = fake.paySession(session.id);
    const event = signedStripeEvent('checkout.session.completed', paid);
    for (let i = 0; i < 3; i++) expect((await deliver(event)).statusCode).toBe(200);
    expect(await offerStatus(offer.id)).toBe('payed');
    const [payment] = await t.db.select().from(offerPayments).where(eq(offerPayments.offerId, offer.id));
    expect(payment).toMatchObject({ status: 'paid', paymentRef: paid.payment_intent, provider: 'stripe' });
    expect(
      await t.db.select().from(processedEvents).where(eq(processedEvents.eventId, event.id)),
    ).toHaveLength(1);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'platnik@example.com'))).toHaveLength(
      1,
    );
  });

  it('refuses a forged or missing signature with 400 and changes nothing', async () => {
    const { offer, session } = await startCheckout();
    const paid = fake.paySession(session.id);
    const genuine = signedStripeEvent('checkout.session.completed', paid);
    const forged = {
      payload: genuine.payload,
      header: stripeSignature(genuine.payload, 'whsec_someone_else'),
    };
    const tampered = { payload: genuine.payload.replace('"paid"', '"unpaid"'), header: genuine.header };
    for (const attempt of [forged, tampered, { payload: genuine.payload, header: '' }]) {
      const response = await deliver(attempt);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('payments.invalid_signature');
    }
    expect(await offerStatus(offer.id)).toBe('paystart');
    expect(
      await t.db.select().from(processedEvents).where(eq(processedEvents.eventId, genuine.id)),
    ).toHaveLength(0);
  });

  it('checkout.session.expired returns the offer to active; async_payment_failed too', async () => {
    const first = await startCheckout();
    fake.sessions.get(first.session.id)!.status = 'expired';
    expect((await deliver(signedStripeEvent('checkout.session.expired', first.session))).statusCode).toBe(
      200,
    );
    expect(await offerStatus(first.offer.id)).toBe('active');

    const second = await startCheckout();
    const unpaid = {
      ...second.session,
      status: 'complete',
      payment_status: 'unpaid',
      payment_intent: 'pi_delayed',
    };
    await deliver(signedStripeEvent('checkout.session.completed', unpaid));
    expect(await offerStatus(second.offer.id)).toBe('paystart');
    await deliver(signedStripeEvent('checkout.session.async_payment_failed', unpaid));
    expect(await offerStatus(second.offer.id)).toBe('active');
  });

  it('acceptance transfers gross minus the platform fee from the charge, once', async () => {
    const { offer, session, accountId } = await startCheckout();
    const paid = fake.paySession(session.id);
    await deliver(signedStripeEvent('checkout.session.completed', paid));
    const token = 'stripe-acceptance-token';
    await t.db
      .update(offers)
      .set({ status: 'done', doneAt: t.clock.now(), acceptanceTokenHash: hashToken(token) })
      .where(eq(offers.id, offer.id));
    const accept = () =>
      t.app.inject({ method: 'POST', url: '/api/public/offer/accept', headers: csrf, payload: { token } });
    expect((await accept()).statusCode).toBe(200);
    expect((await accept()).statusCode).toBe(200);

    const transfers = [...fake.transfers.values()].filter((tr) => tr.destination === accountId);
    const gross = grossFromNet(50_000);
    expect(transfers).toEqual([
      expect.objectContaining({
        amount: withheldFee(gross, BASIC_FEE).amount,
        currency: 'pln',
        source_transaction: paid.charge,
        transfer_group: `offer-${offer.id}`,
      }),
    ]);
    const transferRequests = fake.requests.filter(
      (r) => r.path === '/v1/transfers' && r.form.destination === accountId,
    );
    expect(transferRequests.map((r) => r.idempotencyKey)).toEqual([`payout-offer-${offer.id}`]);
    expect((await t.db.select().from(payouts).where(eq(payouts.offerId, offer.id)))[0]).toMatchObject({
      status: 'sent',
      fee: withheldFee(gross, BASIC_FEE).fee,
      transferId: transfers[0]?.id,
    });
  });

  it('records refunds and disputes on the payment', async () => {
    const { offer, session } = await startCheckout();
    const paid = fake.paySession(session.id);
    await deliver(signedStripeEvent('checkout.session.completed', paid));
    const charge = {
      id: paid.charge,
      object: 'charge',
      payment_intent: paid.payment_intent,
      amount_refunded: 500,
    };
    await deliver(
      signedStripeEvent('charge.dispute.created', {
        id: 'dp_1',
        object: 'dispute',
        payment_intent: paid.payment_intent,
        reason: 'fraudulent',
      }),
    );
    const [disputed] = await t.db.select().from(offerPayments).where(eq(offerPayments.offerId, offer.id));
    expect(disputed).toMatchObject({ status: 'disputed' });
    expect(disputed?.note).toContain('fraudulent');
    await deliver(signedStripeEvent('charge.refunded', charge));
    const [refunded] = await t.db.select().from(offerPayments).where(eq(offerPayments.offerId, offer.id));
    expect(refunded?.status).toBe('refunded');
  });
});

describe('two payers on one offer with Stripe', () => {
  async function twoCheckouts() {
    const { profile } = await seedStripeLawyer(t.db, t.seed, fake);
    const offer = await t.seed.offer({ profileId: profile.id, netGrosze: 50_000 });
    const start = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/public/profile/${profile.seolink}/payment/${offer.offerUrl}`,
        headers: csrf,
        payload,
      });
    const a = await start(checkoutInvoice(`a-${offer.id}@example.com`));
    const b = await start({
      ...checkoutInvoice(`b-${offer.id}@example.com`),
      nip: '7792364275',
      company: 'Firma B sp. z o.o.',
      locale: 'en',
    });
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const rows = await t.db.select().from(offerPayments).where(eq(offerPayments.offerId, offer.id));
    const row = (email: string) => rows.find((r) => r.email === email)!;
    return {
      offer,
      a: { session: sessionOfPayLink(fake, a.json().data.payLink), row: row(`a-${offer.id}@example.com`) },
      b: { session: sessionOfPayLink(fake, b.json().data.payLink), row: row(`b-${offer.id}@example.com`) },
    };
  }
  const paymentRow = async (id: number) =>
    (await t.db.select().from(offerPayments).where(eq(offerPayments.id, id)))[0];
  const mailsTo = (to: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

  it('when A pays, B checkout is expired at Stripe and a late expiry event changes nothing', async () => {
    const { offer, a, b } = await twoCheckouts();
    expect(a.session.id).not.toBe(b.session.id);
    await deliver(signedStripeEvent('checkout.session.completed', fake.paySession(a.session.id)));
    expect(await offerStatus(offer.id)).toBe('payed');
    expect(fake.sessions.get(b.session.id)?.status).toBe('expired');
    expect(fake.requests.some((r) => r.path === `/v1/checkout/sessions/${b.session.id}/expire`)).toBe(true);
    expect((await paymentRow(b.row.id))?.status).toBe('expired');
    await deliver(signedStripeEvent('checkout.session.expired', fake.sessions.get(b.session.id)!));
    expect(await offerStatus(offer.id)).toBe('payed');
    expect((await paymentRow(a.row.id))?.status).toBe('paid');
  });

  it('both checkouts complete: the second is refunded through Stripe once, recorded, and its payer mailed', async () => {
    const { offer, a, b } = await twoCheckouts();
    // Both clients pay before either event arrives.
    const paidA = fake.paySession(a.session.id);
    const paidB = fake.paySession(b.session.id);
    await deliver(signedStripeEvent('checkout.session.completed', paidA));
    const late = signedStripeEvent('checkout.session.completed', paidB);
    for (let i = 0; i < 3; i++) expect((await deliver(late)).statusCode).toBe(200);
    // Another event for the same payment (Stripe sends several) refunds nothing more.
    await deliver(signedStripeEvent('checkout.session.async_payment_succeeded', paidB));

    expect(await offerStatus(offer.id)).toBe('payed');
    const refunds = [...fake.refunds.values()].filter((r) => r.payment_intent === paidB.payment_intent);
    expect(refunds).toEqual([
      expect.objectContaining({ amount: grossFromNet(50_000), reason: 'duplicate', currency: 'pln' }),
    ]);
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === paidA.payment_intent)).toEqual([]);
    expect(
      fake.requests.filter((r) => r.path === '/v1/refunds' && r.form.payment_intent === paidB.payment_intent),
    ).toEqual([
      expect.objectContaining({
        idempotencyKey: `refund-duplicate-payment-${b.row.id}`,
        form: expect.objectContaining({ amount: String(grossFromNet(50_000)) }),
      }),
    ]);
    const rowB = await paymentRow(b.row.id);
    expect(rowB).toMatchObject({ status: 'refunded', duplicate: true, paymentRef: paidB.payment_intent });
    expect(rowB?.note).toContain(refunds[0]!.id);
    expect(await paymentRow(a.row.id)).toMatchObject({ status: 'paid', paymentRef: paidA.payment_intent });

    expect((await mailsTo(b.row.email)).map((m) => m.subject)).toEqual([
      `Your payment has been refunded: ${offer.title}`,
    ]);
    expect((await mailsTo(a.row.email)).map((m) => m.subject)).toEqual([
      'Potwierdzenie płatności w serwisie Substytut',
    ]);
    const lawyerMails = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, `Nowe opłacone zlecenie: ${offer.title}`));
    expect(lawyerMails).toHaveLength(1);
    expect(lawyerMails[0]?.text).toContain('Substytut sp. z o.o., NIP 5252987310');

    // Stripe's own charge.refunded for that refund changes nothing more.
    await deliver(
      signedStripeEvent('charge.refunded', {
        id: paidB.charge,
        object: 'charge',
        payment_intent: paidB.payment_intent,
        amount_refunded: grossFromNet(50_000),
      }),
    );
    expect(await paymentRow(b.row.id)).toEqual(rowB);
    expect(await mailsTo(b.row.email)).toHaveLength(1);
  });

  it('a refund Stripe refused at first is made by the clock job, once', async () => {
    const { offer, a, b } = await twoCheckouts();
    const paidA = fake.paySession(a.session.id);
    const paidB = fake.paySession(b.session.id);
    await deliver(signedStripeEvent('checkout.session.completed', paidA));
    fake.failNext('/v1/refunds');
    expect((await deliver(signedStripeEvent('checkout.session.completed', paidB))).statusCode).toBe(200);
    expect(await paymentRow(b.row.id)).toMatchObject({ status: 'refunding', duplicate: true });
    expect(await mailsTo(b.row.email)).toEqual([]);

    await runClockJob(t.services.lifecycle);
    await runClockJob(t.services.lifecycle);
    expect((await paymentRow(b.row.id))?.status).toBe('refunded');
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === paidB.payment_intent)).toHaveLength(
      1,
    );
    expect(await mailsTo(b.row.email)).toHaveLength(1);
    expect(await offerStatus(offer.id)).toBe('payed');
  });

  it('a refund never exceeds what was paid', async () => {
    const { a } = await twoCheckouts();
    const paidA = fake.paySession(a.session.id);
    const refund = (amount: number, key: string) =>
      t.services.payments.refund({
        paymentRef: paidA.payment_intent!,
        amount,
        reason: 'requested_by_customer',
        idempotencyKey: key,
      });
    await expect(refund(0, 'zero')).rejects.toThrow();
    await expect(refund(grossFromNet(50_000) + 1, 'too-much')).rejects.toThrow();
    await refund(1000, 'part-1');
    await refund(1000, 'part-1');
    await expect(refund(grossFromNet(50_000) - 999, 'part-2')).rejects.toThrow();
    await refund(grossFromNet(50_000) - 1000, 'part-3');
    expect(
      [...fake.refunds.values()]
        .filter((r) => r.payment_intent === paidA.payment_intent)
        .map((r) => r.amount),
    ).toEqual([1000, grossFromNet(50_000) - 1000]);
  });
});

describe('refunds of issue 23 through Stripe (local fake)', () => {
  async function paidThroughStripe() {
    const { profile, offer, accountId, session } = await startCheckout();
    const paid = fake.paySession(session.id);
    expect((await deliver(signedStripeEvent('checkout.session.completed', paid))).statusCode).toBe(200);
    expect(await offerStatus(offer.id)).toBe('payed');
    const paymentIntent = paid.payment_intent as string;
    return { profile, offer, accountId, paymentIntent };
  }

  it('a dispute refunded in part: a refund of the charge, the rest transferred; no transfer reversed', async () => {
    const { offer, accountId, paymentIntent } = await paidThroughStripe();
    await t.db
      .update(offers)
      .set({ status: 'disputed', disputedAt: t.clock.now() })
      .where(eq(offers.id, offer.id));
    const admin = await t.seed.session({ role: 'admin' });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/admin/disputes/${offer.id}`,
      headers: { ...csrf, ...admin.headers },
      payload: { decision: 'refund', amount_grosze: 30_000, reason: 'Część czynności nie została wykonana.' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const refunds = [...fake.refunds.values()].filter((r) => r.payment_intent === paymentIntent);
    expect(refunds).toMatchObject([{ amount: 30_000 }]);
    const [row] = await t.db.select().from(offerRefunds).where(eq(offerRefunds.offerId, offer.id));
    expect(row?.providerRefundRef).toBe(refunds[0]?.id);
    const transfers = [...fake.transfers.values()].filter((tr) => tr.transfer_group === `offer-${offer.id}`);
    // 615 zł paid, 300 zł back, 5 % (Basic, issue 34 §3) of the 315 zł left is the platform's fee.
    expect(transfers).toMatchObject([{ amount: 29_925, destination: accountId }]);
    expect(fake.requests.some((r) => r.path.includes('/reversals'))).toBe(false);
    const [payment] = await t.db.select().from(offerPayments).where(eq(offerPayments.offerId, offer.id));
    expect(payment?.status).toBe('paid');
  });

  it('a hearing cancelled by the court: the whole charge refunded; Stripe’s charge.refunded ends the offer', async () => {
    const { profile, offer, paymentIntent } = await paidThroughStripe();
    const headers = {
      authorization: `Bearer ${await issueAccessToken(t.db, profile.userId, t.clock.now())}`,
    };
    const done = await t.app.inject({
      method: 'PUT',
      url: `/api/user/offer/${offer.id}/done`,
      headers: { ...csrf, ...headers },
      payload: { outcome: 'cancelled_by_court' },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(await offerStatus(offer.id)).toBe('cancelled');
    const refunds = [...fake.refunds.values()].filter((r) => r.payment_intent === paymentIntent);
    expect(refunds).toMatchObject([{ amount: grossFromNet(50_000) }]);
    const event = signedStripeEvent('charge.refunded', {
      id: `ch_${offer.id}`,
      object: 'charge',
      payment_intent: paymentIntent,
      amount_refunded: grossFromNet(50_000),
    });
    expect((await deliver(event)).statusCode).toBe(200);
    expect(await offerStatus(offer.id)).toBe('refunded');
    expect(await t.db.select().from(payouts).where(eq(payouts.offerId, offer.id))).toEqual([]);
  });
});

describe('reconciling with Stripe (issue 30)', () => {
  it('a paid Checkout Session whose webhook never came is recorded by the clock job, once, on any number of runs', async () => {
    const { offer, session } = await startCheckout();
    // Sessions earlier tests paid without a valid webhook are reconciled first.
    await runClockJob(t.services.lifecycle);
    const paid = fake.paySession(session.id);
    // The webhook is lost (the process died, Stripe gave up): only the list knows.
    const first = await runClockJob(t.services.lifecycle);
    expect(first.reconciled).toBe(1);
    expect(await offerStatus(offer.id)).toBe('payed');
    const [payment] = await t.db.select().from(offerPayments).where(eq(offerPayments.offerId, offer.id));
    expect(payment).toMatchObject({ status: 'paid', paymentRef: paid.payment_intent });
    const list = fake.requests.filter((r) => r.method === 'GET' && r.path === '/v1/checkout/sessions').at(-1);
    expect(list).toBeDefined();

    const again = await Promise.all([runClockJob(t.services.lifecycle), runClockJob(t.services.lifecycle)]);
    expect(again.map((r) => r.reconciled)).toEqual([0, 0]);
    // The webhook arriving after all changes nothing either.
    expect((await deliver(signedStripeEvent('checkout.session.completed', paid))).statusCode).toBe(200);
    expect(
      await t.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.subject, `Nowe opłacone zlecenie: ${offer.title}`)),
    ).toHaveLength(1);
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === paid.payment_intent)).toEqual([]);
  });

  it('refunds a lost paid session when the lawyer is no longer verified', async () => {
    const { offer, session, profile } = await startCheckout();
    await t.db.update(profiles).set({ licenceState: 'rejected' }).where(eq(profiles.id, profile.id));
    const paid = fake.paySession(session.id);
    await runClockJob(t.services.lifecycle);
    await runClockJob(t.services.lifecycle);
    const [payment] = await t.db.select().from(offerPayments).where(eq(offerPayments.offerId, offer.id));
    expect(payment?.status).toBe('refunded');
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === paid.payment_intent)).toHaveLength(
      1,
    );
    expect(await offerStatus(offer.id)).not.toBe('payed');
  });
});
