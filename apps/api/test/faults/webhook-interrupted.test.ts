import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offerPayments } from '../../src/db/schema/offer-payments.ts';
import { mailOutbox, offers, processedEvents, users } from '../../src/db/schema.ts';
import { systemClock } from '../../src/modules/app/clock.ts';
import { startFakeStripe, type FakeStripe } from '../fake-stripe.ts';
import { createSeed } from '../helpers.ts';
import {
  checkoutInvoice,
  seedStripeLawyer,
  sessionOfPayLink,
  signedStripeEvent,
  stripeEnv,
} from '../stripe-helpers.ts';
import {
  createPgDatabase,
  killAllServers,
  pgServerUrl,
  serverDatabaseUrl,
  startServer,
  until,
  type PgDatabase,
} from './support.ts';

// A Stripe payment event whose processing is cut short by the server dying mid-request: the
// half-done transaction leaves nothing behind, and the provider's retries apply it exactly once.
describe.skipIf(!pgServerUrl)('a payment webhook interrupted by a killed server (PostgreSQL)', () => {
  let database: PgDatabase;
  let fake: FakeStripe;

  beforeAll(async () => {
    [database, fake] = await Promise.all([createPgDatabase(), startFakeStripe()]);
  });
  afterAll(async () => {
    await killAllServers();
    await fake?.close();
    await database?.drop();
  });

  const serverEnv = (applicationName: string) => ({
    ...stripeEnv(fake),
    DATABASE_URL: serverDatabaseUrl(database, applicationName),
    LOG_LEVEL: 'info',
  });

  const deliver = (address: string, event: { payload: string; header: string }) =>
    fetch(`${address}/api/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.header },
      body: event.payload,
    });

  it('applies a checkout.session.completed exactly once after the server died while applying it', async () => {
    // A lawyer with a ready Stripe account and an offer, and a client who opens the checkout.
    const seed = createSeed(database.db, systemClock);
    const { profile } = await seedStripeLawyer(database.db, seed, fake);
    const offer = await seed.offer({ profileId: profile.id, netGrosze: 50_000 });
    const [lawyer] = await database.db.select().from(users).where(eq(users.id, profile.userId));
    const clientEmail = `platnik-${Date.now()}@example.com`;

    const first = await startServer(serverEnv('fault-webhook-1'));
    const address = await first.ready;
    const csrfResponse = await fetch(`${address}/api/csrf-cookie`);
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(csrfResponse.headers.get('set-cookie') ?? '')?.[1];
    expect(xsrf).toBeTruthy();
    const started = await fetch(
      `${address}/api/public/profile/${profile.seolink}/payment/${offer.offerUrl}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf! },
        body: JSON.stringify(checkoutInvoice(clientEmail)),
      },
    );
    expect(started.status, await started.clone().text()).toBe(200);
    const payLink = ((await started.json()) as { data: { payLink: string } }).data.payLink;
    const session = sessionOfPayLink(fake, payLink);
    // The client pays on Stripe's page; Stripe then sends the event.
    const event = signedStripeEvent('checkout.session.completed', fake.paySession(session.id));

    // The test holds the payment row, so the handler stops inside its transaction (after it
    // recorded the event id) until the server is killed.
    const held = await database.lock('select id from payments where external_id = $1 for update', [
      session.id,
    ]);
    expect(held.rows).toBe(1);
    const interrupted = deliver(address, event).then(
      (response) => ({ status: response.status }),
      (error: unknown) => ({ error }),
    );
    await until(
      'the webhook handler to wait on the payment row',
      async () => (await database.waitingOnLocks('fault-webhook-1', 'payments')) === 1,
    );
    await first.kill();
    const cutOff = await interrupted;
    expect(cutOff).toHaveProperty('error');
    await held.release();
    // The dead server's connections end once PostgreSQL notices; the open transaction rolls back.
    await until(
      'the killed server’s connections to end',
      async () => (await database.backends('fault-webhook-1')) === 0,
    );
    const recorded = () =>
      database.db.select().from(processedEvents).where(eq(processedEvents.eventId, event.id));
    expect(await recorded()).toEqual([]);
    const [before] = await database.db.select().from(offers).where(eq(offers.id, offer.id));
    expect(before!.status).toBe('paystart');

    // Back up: Stripe retries, and (as it may) delivers the same event twice at once, then again.
    const second = await startServer(serverEnv('fault-webhook-2'));
    const address2 = await second.ready;
    const retries = await Promise.all([deliver(address2, event), deliver(address2, event)]);
    expect(retries.map((r) => r.status)).toEqual([200, 200]);
    expect((await deliver(address2, event)).status).toBe(200);

    expect(await recorded()).toHaveLength(1);
    const [after] = await database.db.select().from(offers).where(eq(offers.id, offer.id));
    expect(after!.status).toBe('payed');
    const payments = await database.db
      .select()
      .from(offerPayments)
      .where(eq(offerPayments.offerId, offer.id));
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ status: 'paid', paymentRef: session.payment_intent });
    // One "payment received" to the client and one "offer paid" to the lawyer: no more.
    const mails = await database.db
      .select({ to: mailOutbox.to, subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(inArray(mailOutbox.to, [clientEmail, lawyer!.email]));
    expect(mails.map((m) => m.to).sort()).toEqual([clientEmail, lawyer!.email].sort());

    await second.kill();
  }, 120_000);
});
