import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, csrfHeaders, type TestApp, payThroughSandbox } from '../../../test/helpers.ts';
import { offerPayments } from '../../db/schema/offer-payments.ts';
import { invoices } from '../../db/schema/invoices.ts';
import { providerInvoiceData } from '../../db/schema.ts';
import { secretsKey } from '../app/secrets-key.ts';
import { PAYER_COOKIE } from '../offers/index.ts';
import { isKsefNumber } from './ksef.crypto.ts';
import type { KsefSandbox } from './ksef.sandbox.ts';
import { createKsefWorker, upoStorageKey } from './ksef.worker.ts';

// The whole path inside the real app: a client pays, the lawyer's advance invoice is issued and
// queued, the KSeF worker sends it through the app's KSeF port (the sandbox) during an outage and
// after it, and the lawyer's invoice list shows the verdict. The app's own log is captured.
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, callback) {
    logLines.push(String(chunk));
    callback();
  },
});
const TOKEN = 'ksef-token-20261124-ABCDEF0123456789-journey-secret';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logStream, env: { LOG_LEVEL: 'debug' } });
});
afterAll(() => t?.close());

describe('an issued invoice on its way to KSeF', () => {
  it('survives an outage, reaches KSeF once, and the lawyer sees its KSeF number; the token never shows', async () => {
    const csrf = await csrfHeaders(t.app);
    const session = await t.seed.session();
    const profile = await t.seed.profile({ userId: session.user.id });
    await t.db.insert(providerInvoiceData).values({
      userId: session.user.id,
      nip: '5260250274',
      company: 'Kancelaria Adwokacka Journey',
      street: 'ul. Żurawia 6/12',
      postcode: '00-503',
      city: 'Warszawa',
      bankAccount: 'PL61109010140000071219812874',
    });
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/user/invoice-settings',
      headers: { ...session.headers, ...csrf },
      payload: { mode: 'issue', number_pattern: 'FV/{nr}/{rok}', ksef_token: TOKEN },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const offer = await t.seed.offer({ profileId: profile.id, netGrosze: 50_000 });
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/public/profile/${profile.seolink}/payment/${offer.offerUrl}`,
      headers: csrf,
      payload: {
        nip: '7792364275',
        company: 'Kancelaria Klienta Nowak',
        street: 'Święty Marcin 29/8',
        postCode: '61-806',
        city: 'Poznań',
        email: 'klient-ksef@example.com',
        policyConfirm: true,
        invoice: true,
        phone: '000000000',
        firstname: 'firstname',
        lastname: 'lastname',
      },
      remoteAddress: '10.77.0.1',
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.cookies.some((c) => c.name === PAYER_COOKIE)).toBe(true);
    await payThroughSandbox(t.app, started.json().data.payLink);
    expect(await t.db.select().from(offerPayments).where(eq(offerPayments.offerId, offer.id))).toHaveLength(
      1,
    );
    const [zal] = await t.db.select().from(invoices).where(eq(invoices.offerId, offer.id));
    expect(zal).toMatchObject({ kind: 'ZAL', mode: 'issue', ksefStatus: 'queued' });

    const sandbox = t.services.ksef as KsefSandbox;
    expect(sandbox.environment).toBe('sandbox');
    const worker = createKsefWorker({
      db: t.db,
      port: t.services.ksef,
      storage: t.app.storage,
      clock: t.clock,
      secretsKey: secretsKey(t.config),
      platformToken: null,
      log: t.app.log.child({ component: 'ksef-worker' }),
    });

    const list = async () => {
      const answer = await t.app.inject({
        method: 'GET',
        url: '/api/user/invoices',
        headers: session.headers,
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.body).not.toContain(TOKEN);
      return (
        answer.json().data as {
          id: number;
          ksef_status: string;
          ksef_number: string | null;
          ksef_error: string | null;
        }[]
      ).find((row) => row.id === zal?.id);
    };

    sandbox.setOutage(true);
    try {
      expect(await worker.runOnce()).toBe(0);
    } finally {
      sandbox.setOutage(false);
    }
    const waiting = await list();
    expect(waiting).toMatchObject({ ksef_status: 'queued', ksef_number: null });
    expect(waiting?.ksef_error).toContain('outage');

    t.clock.advance(60_000);
    expect(await worker.runOnce()).toBe(1);
    const done = await list();
    expect(done).toMatchObject({ ksef_status: 'accepted', ksef_error: null });
    expect(isKsefNumber(done?.ksef_number ?? '')).toBe(true);
    // The seller of the lawyer's invoice is the lawyer: KSeF numbers it under their NIP.
    expect(done?.ksef_number?.startsWith('5260250274-')).toBe(true);
    expect((await t.db.select().from(invoices).where(eq(invoices.id, zal!.id)))[0]?.upoKey).toBe(
      upoStorageKey(zal!.id),
    );

    t.clock.advance(3600_000);
    expect(await worker.runOnce()).toBe(0);

    const logs = logLines.join('');
    expect(logs).toContain('ksef accepted the invoice');
    expect(logs).not.toContain(TOKEN);
  });
});

describe('two lawyer accounts invoicing as one NIP (two advocates of one firm)', () => {
  /** A lawyer of the firm who lets the product issue invoices, with one paid offer. */
  async function paidLawyer(nip: string, name: string, ip: string) {
    const csrf = await csrfHeaders(t.app);
    const session = await t.seed.session();
    const profile = await t.seed.profile({ userId: session.user.id });
    await t.db.insert(providerInvoiceData).values({
      userId: session.user.id,
      nip,
      company: `Kancelaria Adwokacka ${name}`,
      street: 'ul. Żurawia 6/12',
      postcode: '00-503',
      city: 'Warszawa',
    });
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/user/invoice-settings',
      headers: { ...session.headers, ...csrf },
      payload: { mode: 'issue', number_pattern: 'FV/{nr}/{rok}', ksef_token: `${TOKEN}-${name}` },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const offer = await t.seed.offer({ profileId: profile.id, netGrosze: 30_000 });
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/public/profile/${profile.seolink}/payment/${offer.offerUrl}`,
      headers: csrf,
      payload: {
        nip: '7792364275',
        company: 'Kancelaria Klienta Nowak',
        street: 'Święty Marcin 29/8',
        postCode: '61-806',
        city: 'Poznań',
        email: `klient-${name.toLowerCase()}@example.com`,
        policyConfirm: true,
        invoice: true,
        phone: '000000000',
        firstname: 'firstname',
        lastname: 'lastname',
      },
      remoteAddress: ip,
    });
    expect(started.statusCode, started.body).toBe(200);
    await payThroughSandbox(t.app, started.json().data.payLink);
    const invoiceOf = async () => {
      const answer = await t.app.inject({
        method: 'GET',
        url: '/api/user/invoices',
        headers: session.headers,
      });
      const rows = answer.json().data as {
        id: number;
        offer_id: number;
        number: string;
        ksef_status: string;
        ksef_number: string;
        ksef_error: string | null;
        ksef_error_code: number | null;
      }[];
      const row = rows.find((i) => i.offer_id === offer.id);
      if (!row) throw new Error('no invoice');
      return row;
    };
    return { session, offer, csrf, invoiceOf };
  }

  const ksefWorker = () =>
    createKsefWorker({
      db: t.db,
      port: t.services.ksef,
      storage: t.app.storage,
      clock: t.clock,
      secretsKey: secretsKey(t.config),
      platformToken: null,
    });
  const year = () => new Date(t.clock.now()).getUTCFullYear();

  it('each paid: two invoice numbers, two KSeF numbers, both accepted', async () => {
    const nip = '5213003700';
    const first = await paidLawyer(nip, 'Pierwsza', '10.78.0.1');
    const second = await paidLawyer(nip, 'Druga', '10.78.0.2');
    t.clock.advance(60_000);
    await ksefWorker().runOnce();
    const seen = [await first.invoiceOf(), await second.invoiceOf()];
    expect(seen.map((i) => i.number)).toEqual([`FV/1/${year()}`, `FV/2/${year()}`]);
    expect(seen.map((i) => i.ksef_status)).toEqual(['accepted', 'accepted']);
    expect(seen.every((i) => isKsefNumber(i.ksef_number) && i.ksef_number.startsWith(`${nip}-`))).toBe(true);
    expect(seen[0]?.ksef_number).not.toBe(seen[1]?.ksef_number);
  });

  it('a number issued twice the old way: KSeF’s refusal shows with its code on the card, and a retry gives a new number KSeF accepts', async () => {
    const nip = '5272525995';
    const first = await paidLawyer(nip, 'Stara', '10.78.0.3');
    const second = await paidLawyer(nip, 'Nowa', '10.78.0.4');
    // What the old per-account numbering did: the second lawyer's invoice got the first's number.
    const mine = await second.invoiceOf();
    const taken = (await first.invoiceOf()).number;
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, mine.id));
    const xml = row!.xml.replace(`<P_2>${row!.number}</P_2>`, `<P_2>${taken}</P_2>`);
    await t.db.update(invoices).set({ number: taken, xml }).where(eq(invoices.id, mine.id));

    t.clock.advance(60_000);
    await ksefWorker().runOnce();
    const refused = await second.invoiceOf();
    expect(refused).toMatchObject({ ksef_status: 'rejected', ksef_number: null, ksef_error_code: 440 });
    expect(refused.ksef_error).toMatch(/^440 Duplikat faktury/);
    expect((await first.invoiceOf()).ksef_status).toBe('accepted');

    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/user/invoices/${mine.id}/retry`,
      headers: { ...second.session.headers, ...second.csrf },
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().data).toMatchObject({ number: `FV/3/${year()}`, ksef_status: 'queued' });
    t.clock.advance(60_000);
    await ksefWorker().runOnce();
    const accepted = await second.invoiceOf();
    expect(accepted).toMatchObject({ ksef_status: 'accepted', ksef_error: null, ksef_error_code: null });
    expect(accepted.ksef_number).not.toBe((await first.invoiceOf()).ksef_number);
    // Someone else's invoice cannot be retried.
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/user/invoices/${mine.id}/retry`,
      headers: { ...first.session.headers, ...first.csrf },
    });
    expect(foreign.statusCode).toBe(404);
  });
});
