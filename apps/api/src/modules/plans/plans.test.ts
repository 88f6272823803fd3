import { grossFromNet, withheldFee } from '@substytut/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, csrfHeaders, type TestApp } from '../../../test/helpers.ts';
import { invoicingLawyer, payAsClient } from '../../../test/invoice-helpers.ts';
import { invoices, mailOutbox, offers, type ProfileRow } from '../../db/schema.ts';
import { offerPayments, payouts } from '../../db/schema/offer-payments.ts';
import { sandboxSubscriptions } from '../../db/schema/plans.ts';
import { sandboxTransfers } from '../../db/schema/sandbox-provider.ts';
import { hashToken } from '../app/token-crypto.ts';

let t: TestApp;
let csrf: Awaited<ReturnType<typeof csrfHeaders>>;

beforeAll(async () => {
  t = await createTestApp();
  csrf = await csrfHeaders(t.app);
});
afterAll(() => t?.close());

const DAY = 24 * 60 * 60 * 1000;

/** A signed-in lawyer with a profile, a ready payment account and invoice data. */
const lawyer = () => invoicingLawyer(t);

const plan = async (headers: Record<string, string>) => {
  const response = await t.app.inject({ method: 'GET', url: '/api/user/plan', headers });
  expect(response.statusCode).toBe(200);
  return response.json().data;
};

/** Subscribes through the sandbox's hosted page, as the lawyer's browser does. */
async function subscribe(headers: Record<string, string>, action: 'subscribe' | 'declining' = 'subscribe') {
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/user/plan/subscribe',
    headers: { ...headers, ...csrf },
  });
  expect(started.statusCode).toBe(200);
  const url = new URL(started.json().data.url);
  expect(url.pathname).toMatch(/^\/sandbox\/payments\/subscription\/sub_sandbox_/);
  const page = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('60,27');
  const posted = await t.app.inject({
    method: 'POST',
    url: url.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token: url.searchParams.get('token') ?? '', action }).toString(),
  });
  expect(posted.statusCode).toBe(303);
  expect(posted.headers.location).toBe('http://localhost:3000/dashboard/plan?subscribed=1');
}

const tick = () => t.services.payments.provider.tick?.(t.clock.now());

/** The sandbox's month ends now (instead of moving the clock a month, which would end the session too). */
async function periodEnds(userId: string) {
  await t.db
    .update(sandboxSubscriptions)
    .set({ currentPeriodEnd: new Date(t.clock.now().getTime() - 1000) })
    .where(eq(sandboxSubscriptions.userId, userId));
  await tick();
}

describe('the lawyer’s plan', () => {
  it('is Basic at 5 % until the lawyer subscribes to Pro in the sandbox, then Pro at 2.5 %', async () => {
    const { headers } = await lawyer();
    expect(await plan(headers)).toEqual({ plan: 'basic', fee_basis_points: 500, subscription: null });
    await subscribe(headers);
    const pro = await plan(headers);
    expect(pro).toMatchObject({
      plan: 'pro',
      fee_basis_points: 250,
      subscription: { status: 'active', cancel_at_period_end: false, end_reason: null },
    });
    // A second subscription while Pro renews is refused.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/user/plan/subscribe',
      headers: { ...headers, ...csrf },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('plans.already_pro');
  });

  it('renews each month; cancelled, it stays Pro to the period’s end and then falls back to Basic', async () => {
    const { headers, user } = await lawyer();
    await subscribe(headers);
    await periodEnds(user.id);
    const renewed = await plan(headers);
    expect(renewed.plan).toBe('pro');
    expect(new Date(renewed.subscription.current_period_end).getTime()).toBeGreaterThan(
      t.clock.now().getTime() + 27 * DAY,
    );
    const [charged] = await t.db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.userId, user.id));
    expect(charged?.charges).toBe(2);

    const cancelled = await t.app.inject({
      method: 'POST',
      url: '/api/user/plan/cancel',
      headers: { ...headers, ...csrf },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data).toMatchObject({ plan: 'pro', subscription: { cancel_at_period_end: true } });
    expect((await plan(headers)).plan).toBe('pro');
    await periodEnds(user.id);
    expect(await plan(headers)).toMatchObject({
      plan: 'basic',
      fee_basis_points: 500,
      subscription: { status: 'ended', end_reason: 'cancelled' },
    });
    // Nothing renews any more: cancelling again only answers the state.
    const none = await t.app.inject({ method: 'POST', url: '/api/user/plan/cancel', headers: { ...headers, ...csrf } });
    expect(none.statusCode).toBe(200);
    expect(none.json().data).toMatchObject({ plan: 'basic', subscription: { status: 'ended' } });
  });

  it('a renewal the card declines ends Pro: the lawyer is on Basic again', async () => {
    const { headers, user } = await lawyer();
    await subscribe(headers, 'declining');
    expect((await plan(headers)).plan).toBe('pro');
    await periodEnds(user.id);
    expect(await plan(headers)).toMatchObject({
      plan: 'basic',
      subscription: { status: 'ended', end_reason: 'renewal_failed' },
    });
    const [row] = await t.db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.userId, user.id));
    expect(row).toMatchObject({ status: 'ended', charges: 1 });
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/user/plan' })).statusCode).toBe(401);
  });
});

describe('the fee withheld from the payout', () => {
  async function paidOffer(profile: ProfileRow, netGrosze = 10_000) {
    const offer = await t.seed.offer({ profileId: profile.id, netGrosze });
    await payAsClient(t, csrf, profile, offer.offerUrl);
    return offer;
  }

  async function confirm(offerId: number) {
    const token = `accept-${offerId}-${Math.random().toString(36).slice(2)}`;
    await t.db
      .update(offers)
      .set({ status: 'done', doneAt: t.clock.now(), acceptanceTokenHash: hashToken(token) })
      .where(eq(offers.id, offerId));
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/public/offer/accept',
      headers: csrf,
      payload: { token },
    });
    expect(accepted.statusCode).toBe(200);
  }

  const payoutOfOffer = async (offerId: number) =>
    (await t.db.select().from(payouts).where(eq(payouts.offerId, offerId)))[0];

  it('Basic: 5 % of 123 zł (6,15 zł) is withheld, 116,85 zł transferred, and the mail states both', async () => {
    const { profile, user } = await lawyer();
    const offer = await paidOffer(profile);
    const [payment] = await t.db.select().from(offerPayments).where(eq(offerPayments.offerId, offer.id));
    expect(payment?.feeBasisPoints).toBe(500);
    await confirm(offer.id);
    expect(await payoutOfOffer(offer.id)).toMatchObject({ amount: 11_685, fee: 615, status: 'sent' });
    const transfers = await t.db
      .select()
      .from(sandboxTransfers)
      .where(eq(sandboxTransfers.transferGroup, `offer-${offer.id}`));
    expect(transfers.map((row) => row.amount)).toEqual([11_685]);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
    const payoutMail = mails.find((m) => m.subject.startsWith('Wypłata za zlecenie'));
    expect(payoutMail?.text).toContain('123,00\u00a0zł');
    expect(payoutMail?.text).toContain('Prowizja serwisu (plan Basic, 5%): 6,15\u00a0zł');
    expect(payoutMail?.text).toContain('Przekazujemy 116,85\u00a0zł na Twoje konto płatności.');
  });

  it('Pro: the fee of the plan at the payment stays with the job when the plan changes later', async () => {
    const { profile, headers, user } = await lawyer();
    await subscribe(headers);
    const offer = await paidOffer(profile);
    // Pro ends (cancelled, period over) before the client confirms: the job keeps Pro's 2.5 %.
    await t.app.inject({ method: 'POST', url: '/api/user/plan/cancel', headers: { ...headers, ...csrf } });
    await periodEnds(user.id);
    expect((await plan(headers)).plan).toBe('basic');
    await confirm(offer.id);
    const gross = grossFromNet(10_000);
    expect(await payoutOfOffer(offer.id)).toMatchObject(withheldFee(gross, 250));
    expect(await payoutOfOffer(offer.id)).toMatchObject({ amount: 11_992, fee: 308 });
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
    const payoutMail = mails.find((m) => m.subject.startsWith('Wypłata za zlecenie'));
    expect(payoutMail?.text).toContain('Prowizja serwisu (plan Pro, 2,5%): 3,08\u00a0zł');
    expect(payoutMail?.text).toContain('Przekazujemy 119,92\u00a0zł');
  });

  it('the platform invoices the withheld fee to the lawyer, as for PLATFORM_FEE_PERCENT before', async () => {
    const { profile } = await lawyer();
    const offer = await paidOffer(profile);
    await confirm(offer.id);
    const rows = await t.db.select().from(invoices).where(eq(invoices.offerId, offer.id));
    const platform = rows.filter((row) => row.profileId === null);
    expect(platform).toHaveLength(1);
    expect(platform[0]?.grossGrosze).toBe(615);
  });
});
