import { amountsFromNet, grossFromNet, warsawDate } from '@substytut/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, csrfHeaders, type TestApp } from '../../../test/helpers.ts';
import { freshNip, invoicingLawyer, payAsClient } from '../../../test/invoice-helpers.ts';
import { pdfFlatText } from '../../../test/pdf-text.ts';
import type { Tx } from '../../db/client.ts';
import { offerPayments } from '../../db/schema/offer-payments.ts';
import { invoiceCounters, invoices, invoiceSettings } from '../../db/schema/invoices.ts';
import { ksefOutbox } from '../../db/schema/ksef.ts';
import { offers, providerInvoiceData, type ProfileRow } from '../../db/schema.ts';
import { secretsKey } from '../app/secrets-key.ts';
import { openSecret } from '../app/token-crypto.ts';
import { PAYER_COOKIE } from '../offers/index.ts';
import { validateFa3 } from './fa3-xsd.ts';
import { takeInvoiceNumber } from './invoices.repo.ts';
import { correctingInvoiceFor } from './invoices.service.ts';

let t: TestApp;
let csrf: Awaited<ReturnType<typeof csrfHeaders>>;

beforeAll(async () => {
  t = await createTestApp();
  csrf = await csrfHeaders(t.app);
});
afterAll(() => t?.close());

const TOKEN = 'ksef-token-20261124-ABCDEF0123456789-secret-value';
const lawyer = (options: { invoiceData?: boolean; nip?: string } = {}) => invoicingLawyer(t, options);
/** A client pays the offer through the sandbox checkout; returns the payer's cookie. */
const pay = (profile: ProfileRow, offerUrl: string) => payAsClient(t, csrf, profile, offerUrl);

const year = () => warsawDate(t.clock.now()).slice(0, 4);
const invoicesOf = (offerId: number) => t.db.select().from(invoices).where(eq(invoices.offerId, offerId));
const offerStatus = async (id: number) =>
  (await t.db.select({ status: offers.status }).from(offers).where(eq(offers.id, id)))[0]?.status;

describe('the advance invoice of a payment', () => {
  it('is issued when the money arrives, to the grosz of the offer, and validates against the XSD', async () => {
    const { profile } = await lawyer();
    const offer = await t.seed.offer({ profileId: profile.id, netGrosze: 43_210 });
    await pay(profile, offer.offerUrl);

    const [zal, ...rest] = await invoicesOf(offer.id);
    expect(rest).toEqual([]);
    expect(zal).toMatchObject({
      profileId: profile.id,
      kind: 'ZAL',
      series: 'FV/{nr}/{rok}',
      seq: 1,
      number: `FV/1/${new Date().getUTCFullYear()}`,
      netGrosze: 43_210,
      vatGrosze: 9_938,
      grossGrosze: grossFromNet(43_210),
      mode: 'prepare',
      ksefStatus: 'prepared',
    });
    expect(amountsFromNet(43_210)).toEqual({
      net: zal!.netGrosze,
      vat: zal!.vatGrosze,
      gross: zal!.grossGrosze,
    });
    expect((await validateFa3(zal!.xml)).valid).toBe(true);
    expect(zal!.xml).toContain('<NIP>7792364275</NIP>');
    expect(zal!.xml).toMatch(/<Podmiot1>[\s\S]*<NIP>\d{10}<\/NIP>/);
    // Prepared only: nothing goes to KSeF for a lawyer who issues invoices themselves.
    expect(await t.db.select().from(ksefOutbox).where(eq(ksefOutbox.invoiceId, zal!.id))).toEqual([]);
  });

  it('is queued for KSeF when the lawyer lets the product issue, under their numbering pattern', async () => {
    const { profile, headers } = await lawyer();
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/user/invoice-settings',
      headers: { ...headers, ...csrf },
      payload: { mode: 'issue', number_pattern: 'ADW/{nr}/{rok}', ksef_token: TOKEN },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const offer = await t.seed.offer({ profileId: profile.id });
    await pay(profile, offer.offerUrl);
    const [zal] = await invoicesOf(offer.id);
    expect(zal).toMatchObject({
      number: `ADW/1/${new Date().getUTCFullYear()}`,
      mode: 'issue',
      ksefStatus: 'queued',
    });
    expect(await t.db.select().from(ksefOutbox).where(eq(ksefOutbox.invoiceId, zal!.id))).toHaveLength(1);
  });

  it('is not made without the lawyer’s invoice data: the payment counts, and the lawyer and the administrator see why', async () => {
    const { profile, headers, user } = await lawyer({ invoiceData: false });
    const offer = await t.seed.offer({ profileId: profile.id });
    const countersBefore = (await t.db.select().from(invoiceCounters)).length;
    await pay(profile, offer.offerUrl);
    expect(await offerStatus(offer.id)).toBe('payed');
    expect(await invoicesOf(offer.id)).toEqual([]);
    // The failed attempt took no number.
    expect(await t.db.select().from(invoiceCounters)).toHaveLength(countersBefore);
    const failures = await t.app.inject({ method: 'GET', url: '/api/user/invoice-failures', headers });
    expect(failures.statusCode, failures.body).toBe(200);
    expect(failures.json().data).toEqual([
      expect.objectContaining({ offer_id: offer.id, kind: 'ZAL', reason: 'no_invoice_data' }),
    ]);
    const admin = (await t.seed.session({ role: 'admin' })).headers;
    const problems = await t.app.inject({
      method: 'GET',
      url: '/api/admin/invoice-problems',
      headers: admin,
    });
    expect(problems.statusCode, problems.body).toBe(200);
    expect(problems.json().data.failures).toContainEqual(
      expect.objectContaining({ offer_id: offer.id, kind: 'ZAL', reason: 'no_invoice_data' }),
    );
    // Once the data is in, a retry issues the invoice and the error goes.
    await t.db.insert(providerInvoiceData).values({
      userId: user.id,
      nip: freshNip(),
      company: 'Kancelaria Adwokacka Później',
      street: 'ul. Żurawia 6/12',
      postcode: '00-503',
      city: 'Warszawa',
    });
    const id = failures.json().data[0].id;
    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/user/invoice-failures/${id}/retry`,
      headers: { ...headers, ...csrf },
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await invoicesOf(offer.id)).toEqual([expect.objectContaining({ kind: 'ZAL', seq: 1 })]);
    const after = await t.app.inject({ method: 'GET', url: '/api/user/invoice-failures', headers });
    expect(after.json().data).toEqual([]);
  });

  it('that the FA(3) schema refuses is an error the lawyer sees with a clear reason, retried once the data is fixed', async () => {
    const { profile, headers, user } = await lawyer();
    // Stored before any input rule refused such text: a control character in the seller's name.
    await t.db
      .update(providerInvoiceData)
      .set({ company: 'Kancelaria\u0001Adwokacka' })
      .where(eq(providerInvoiceData.userId, user.id));
    const offer = await t.seed.offer({ profileId: profile.id });
    await pay(profile, offer.offerUrl);
    expect(await invoicesOf(offer.id)).toEqual([]);
    const failures = await t.app.inject({ method: 'GET', url: '/api/user/invoice-failures', headers });
    const [failure] = failures.json().data;
    expect(failure).toMatchObject({ offer_id: offer.id, kind: 'ZAL', reason: 'schema_invalid' });
    expect(failure.details.length).toBeGreaterThan(0);
    // Another lawyer cannot retry it.
    const stranger = await lawyer();
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/user/invoice-failures/${failure.id}/retry`,
      headers: { ...stranger.headers, ...csrf },
    });
    expect(foreign.statusCode).toBe(404);
    // Still broken: the retry answers with the same reason, nothing issued.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/user/invoice-failures/${failure.id}/retry`,
      headers: { ...headers, ...csrf },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('invoices.still_not_issuable');
    await t.db
      .update(providerInvoiceData)
      .set({ company: 'Kancelaria Adwokacka' })
      .where(eq(providerInvoiceData.userId, user.id));
    const fixed = await t.app.inject({
      method: 'POST',
      url: `/api/user/invoice-failures/${failure.id}/retry`,
      headers: { ...headers, ...csrf },
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    const [zal] = await invoicesOf(offer.id);
    expect((await validateFa3(zal!.xml)).valid).toBe(true);
  });

  it('numbers a lawyer’s invoices one after another, without gaps', async () => {
    const { profile } = await lawyer();
    const first = await t.seed.offer({ profileId: profile.id });
    const second = await t.seed.offer({ profileId: profile.id });
    await pay(profile, first.offerUrl);
    await pay(profile, second.offerUrl);
    const year = new Date().getUTCFullYear();
    expect((await invoicesOf(first.id))[0]?.number).toBe(`FV/1/${year}`);
    expect((await invoicesOf(second.id))[0]?.number).toBe(`FV/2/${year}`);
  });
});

describe('the lawyer’s numbering pattern (issue 34)', () => {
  const setPattern = async (headers: Record<string, string>, number_pattern: string) => {
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/user/invoice-settings',
      headers: { ...headers, ...csrf },
      payload: { mode: 'prepare', number_pattern },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return saved.json().data;
  };

  it('numbers invoices with "/" in the lawyer’s own pattern, in Polish or English placeholders', async () => {
    const { profile, headers } = await lawyer();
    expect(await setPattern(headers, 'FV/ADW/{no}/{year}')).toMatchObject({
      number_pattern: 'FV/ADW/{nr}/{rok}',
    });
    const first = await t.seed.offer({ profileId: profile.id });
    await pay(profile, first.offerUrl);
    expect((await invoicesOf(first.id))[0]?.number).toBe(`FV/ADW/1/${year()}`);
    const second = await t.seed.offer({ profileId: profile.id });
    await pay(profile, second.offerUrl);
    expect((await invoicesOf(second.id))[0]?.number).toBe(`FV/ADW/2/${year()}`);
    // Another pattern counts on its own, from 1.
    await setPattern(headers, 'ADW/{nr}/{rok}');
    const third = await t.seed.offer({ profileId: profile.id });
    await pay(profile, third.offerUrl);
    expect((await invoicesOf(third.id))[0]?.number).toBe(`ADW/1/${year()}`);
  });

  it('is shared by two accounts of one NIP only when they chose the same pattern', async () => {
    const nip = freshNip();
    const a = await lawyer({ nip });
    const b = await lawyer({ nip });
    await setPattern(a.headers, 'ADW/{nr}/{rok}');
    await setPattern(b.headers, 'ADW/{n}/{rok}');
    const first = await t.seed.offer({ profileId: a.profile.id });
    await pay(a.profile, first.offerUrl);
    const second = await t.seed.offer({ profileId: b.profile.id });
    await pay(b.profile, second.offerUrl);
    expect((await invoicesOf(first.id))[0]?.number).toBe(`ADW/1/${year()}`);
    expect((await invoicesOf(second.id))[0]?.number).toBe(`ADW/2/${year()}`);
  });

  it('without the year numbers on across years, so no number repeats', async () => {
    const { profile, headers } = await lawyer();
    await setPattern(headers, 'K_{nr}');
    const first = await t.seed.offer({ profileId: profile.id });
    await pay(profile, first.offerUrl);
    expect((await invoicesOf(first.id))[0]?.number).toBe('K_1');
    const [counter] = await t.db.select().from(invoiceCounters).where(eq(invoiceCounters.series, 'K_{nr}'));
    expect(counter?.year).toBe(0);
  });
});

describe('invoice numbers under concurrency', () => {
  it('two racing payments get two different numbers, and a rolled back one returns its number', async () => {
    const seller = `profile:race-${Date.now()}`;
    const take = () => t.db.transaction((tx) => takeInvoiceNumber(tx, seller, 'FV', 2026));
    const numbers = await Promise.all([take(), take()]);
    expect(numbers.sort()).toEqual([1, 2]);
    await expect(
      t.db.transaction(async (tx) => {
        expect(await takeInvoiceNumber(tx, seller, 'FV', 2026)).toBe(3);
        throw new Error('the invoice failed');
      }),
    ).rejects.toThrow('the invoice failed');
    expect(await take()).toBe(3);
    // Each series and year counts on its own.
    expect(await t.db.transaction((tx) => takeInvoiceNumber(tx, seller, 'FV', 2027))).toBe(1);
  });
});

describe('invoice numbers of one seller NIP', () => {
  it('are shared by every account that invoices as that NIP', async () => {
    const nip = freshNip();
    const first = await lawyer({ nip });
    const second = await lawyer({ nip });
    const a = await t.seed.offer({ profileId: first.profile.id });
    const b = await t.seed.offer({ profileId: second.profile.id });
    await pay(first.profile, a.offerUrl);
    await pay(second.profile, b.offerUrl);
    expect((await invoicesOf(a.id))[0]?.number).toBe(`FV/1/${year()}`);
    expect((await invoicesOf(b.id))[0]?.number).toBe(`FV/2/${year()}`);
  });

  it('continue after the account is deleted and a new one invoices as the same NIP', async () => {
    const nip = freshNip();
    const gone = await lawyer({ nip });
    const offer = await t.seed.offer({ profileId: gone.profile.id });
    await pay(gone.profile, offer.offerUrl);
    expect((await invoicesOf(offer.id))[0]?.number).toBe(`FV/1/${year()}`);
    // The job is settled (paid out), so the account may go.
    await t.db.update(offers).set({ status: 'archive' }).where(eq(offers.id, offer.id));
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/me/delete',
      headers: { ...gone.headers, ...csrf },
      payload: { password: gone.user.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);

    const again = await lawyer({ nip });
    const next = await t.seed.offer({ profileId: again.profile.id });
    await pay(again.profile, next.offerUrl);
    expect((await invoicesOf(next.id))[0]?.number).toBe(`FV/2/${year()}`);
  });

  it('give a correction the next number of the NIP’s series, whoever issued the advance', async () => {
    const nip = freshNip();
    const first = await lawyer({ nip });
    const second = await lawyer({ nip });
    const a = await t.seed.offer({ profileId: first.profile.id, netGrosze: 10_000 });
    await pay(first.profile, a.offerUrl);
    const b = await t.seed.offer({ profileId: second.profile.id });
    await pay(second.profile, b.offerUrl);
    const deps = { db: t.db, clock: t.clock, config: t.config, log: t.app.log };
    const kor = await t.db.transaction((tx) =>
      correctingInvoiceFor(
        deps,
        tx as Tx,
        {
          id: 8_000_000 + a.id,
          amountGrosze: 12_300,
          offerId: a.id,
          cause: 'dispute',
          createdAt: t.clock.now(),
        },
        t.clock.now(),
      ),
    );
    expect(kor?.number).toBe(`FV/3/${year()}`);
  });

  it('racing payments of one NIP get distinct consecutive numbers (PostgreSQL with TEST_DATABASE_URL)', async () => {
    const nip = freshNip();
    const lawyers = await Promise.all([1, 2, 3, 4, 5].map(() => lawyer({ nip })));
    const offersToPay = await Promise.all(lawyers.map((l) => t.seed.offer({ profileId: l.profile.id })));
    await Promise.all(offersToPay.map((o, i) => pay(lawyers[i]!.profile, o.offerUrl)));
    const numbers = (await Promise.all(offersToPay.map(async (o) => (await invoicesOf(o.id))[0]?.seq))).sort(
      (x, y) => (x ?? 0) - (y ?? 0),
    );
    expect(numbers).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('billing settings and the KSeF token', () => {
  it('keep the token sealed and never return it from any endpoint', async () => {
    const { profile, headers } = await lawyer();
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/user/invoice-settings',
      headers: { ...headers, ...csrf },
      payload: { mode: 'issue', number_pattern: 'KR/{nr}/{rok}', ksef_token: TOKEN },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({
      mode: 'issue',
      number_pattern: 'KR/{nr}/{rok}',
      ksef_token_set: true,
    });

    const [row] = await t.db.select().from(invoiceSettings).where(eq(invoiceSettings.profileId, profile.id));
    expect(row?.ksefTokenEncrypted).toBeTruthy();
    expect(row?.ksefTokenEncrypted).not.toContain(TOKEN);
    expect(openSecret(row!.ksefTokenEncrypted!, secretsKey(t.config)!)).toBe(TOKEN);

    const offer = await t.seed.offer({ profileId: profile.id });
    const payer = await pay(profile, offer.offerUrl);
    const [zal] = await invoicesOf(offer.id);
    const answers = await Promise.all(
      [
        '/api/user/invoice-settings',
        '/api/user/invoices',
        `/api/user/invoices/${zal!.id}/xml`,
        `/api/user/invoices/${zal!.id}/pdf`,
        '/api/user/profile',
        '/api/user/profile/invoice',
        '/api/user/offer',
        `/api/user/offer/${offer.id}`,
        '/api/me',
        '/api/me/deletion',
      ].map((url) => t.app.inject({ method: 'GET', url, headers })),
    );
    answers.push(
      await t.app.inject({
        method: 'GET',
        url: `/api/public/profile/${profile.seolink}/payment/${offer.offerUrl}/invoice`,
        cookies: { [PAYER_COOKIE]: payer },
      }),
    );
    for (const answer of answers) {
      expect(answer.statusCode, answer.body.slice(0, 200)).toBe(200);
      expect(answer.rawPayload.includes(Buffer.from(TOKEN)), answer.body.slice(0, 100)).toBe(false);
      expect(answer.body).not.toContain(row!.ksefTokenEncrypted!);
    }
  });

  it('refuse "issue on my behalf" without a token, and change nothing', async () => {
    const { profile, headers } = await lawyer();
    const answer = await t.app.inject({
      method: 'PUT',
      url: '/api/user/invoice-settings',
      headers: { ...headers, ...csrf },
      payload: { mode: 'issue', number_pattern: 'FV/{nr}/{rok}' },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      code: 'invoices.token_required',
      errors: { ksef_token: 'invoices.token_required' },
    });
    expect(
      await t.db.select().from(invoiceSettings).where(eq(invoiceSettings.profileId, profile.id)),
    ).toEqual([]);
  });

  it('refuse a bad numbering pattern or a truncated token with field errors', async () => {
    const { headers } = await lawyer();
    for (const [payload, field, key] of [
      [{ mode: 'prepare', number_pattern: 'FV/{rok}' }, 'number_pattern', 'invoices.pattern_no_number'],
      [{ mode: 'prepare', number_pattern: 'FV 1/{nr}' }, 'number_pattern', 'invoices.pattern_invalid'],
      [
        { mode: 'prepare', number_pattern: 'A1{nr}' },
        'number_pattern',
        'invoices.pattern_digit_beside_number',
      ],
      [
        { mode: 'issue', number_pattern: 'FV/{nr}/{rok}', ksef_token: 'abc' },
        'ksef_token',
        'invoices.token_invalid',
      ],
      [{ mode: 'both', number_pattern: 'FV/{nr}/{rok}' }, 'mode', 'invoices.mode_invalid'],
    ] as const) {
      const answer = await t.app.inject({
        method: 'PUT',
        url: '/api/user/invoice-settings',
        headers: { ...headers, ...csrf },
        payload,
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().errors?.[field]).toBe(key);
    }
  });

  it('forget the token when the lawyer issues invoices themselves', async () => {
    const { profile, headers } = await lawyer();
    const send = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/user/invoice-settings',
        headers: { ...headers, ...csrf },
        payload,
      });
    expect(
      (await send({ mode: 'issue', number_pattern: 'FV/{nr}/{rok}', ksef_token: TOKEN })).statusCode,
    ).toBe(200);
    // Keeping the stored token: no token in the request is fine.
    const kept = await send({ mode: 'issue', number_pattern: 'FV2/{nr}/{rok}' });
    expect(kept.json().data, kept.body).toMatchObject({ ksef_token_set: true });
    const prepared = await send({ mode: 'prepare', number_pattern: 'FV2/{nr}/{rok}' });
    expect(prepared.json().data).toMatchObject({
      mode: 'prepare',
      ksef_token_set: false,
      ksef_token_set_at: null,
    });
    const [row] = await t.db.select().from(invoiceSettings).where(eq(invoiceSettings.profileId, profile.id));
    expect(row?.ksefTokenEncrypted).toBeNull();
  });
});

describe('who sees an invoice', () => {
  it('a lawyer sees and downloads only their own invoices; the payer downloads their PDF', async () => {
    const a = await lawyer();
    const b = await lawyer();
    const offer = await t.seed.offer({ profileId: a.profile.id });
    const payer = await pay(a.profile, offer.offerUrl);
    const [zal] = await invoicesOf(offer.id);

    const listA = await t.app.inject({ method: 'GET', url: '/api/user/invoices', headers: a.headers });
    expect(listA.json().data.map((i: { id: number }) => i.id)).toContain(zal!.id);
    const listB = await t.app.inject({ method: 'GET', url: '/api/user/invoices', headers: b.headers });
    expect(listB.json().data).toEqual([]);

    for (const kind of ['xml', 'pdf']) {
      const own = await t.app.inject({
        method: 'GET',
        url: `/api/user/invoices/${zal!.id}/${kind}`,
        headers: a.headers,
      });
      expect(own.statusCode).toBe(200);
      const other = await t.app.inject({
        method: 'GET',
        url: `/api/user/invoices/${zal!.id}/${kind}`,
        headers: b.headers,
      });
      expect(other.statusCode).toBe(404);
      expect(other.body).not.toContain(zal!.number);
      const anon = await t.app.inject({ method: 'GET', url: `/api/user/invoices/${zal!.id}/${kind}` });
      expect(anon.statusCode).toBe(401);
    }
    const xml = await t.app.inject({
      method: 'GET',
      url: `/api/user/invoices/${zal!.id}/xml`,
      headers: a.headers,
    });
    expect(xml.headers['content-type']).toMatch(/^application\/xml/);
    expect(xml.body).toBe(zal!.xml);

    const url = `/api/public/profile/${a.profile.seolink}/payment/${offer.offerUrl}/invoice`;
    const mine = await t.app.inject({ method: 'GET', url, cookies: { [PAYER_COOKIE]: payer } });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(await pdfFlatText(mine.rawPayload)).toContain(zal!.number);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url, cookies: { [PAYER_COOKIE]: 'made-up' } })).statusCode,
    ).toBe(404);
  });
});

describe('the platform fee invoice', () => {
  it('is issued by the operator to the lawyer when the payout is released with a fee', async () => {
    const fee = await createTestApp({ env: { PLATFORM_FEE_PERCENT: '10' } });
    try {
      const session = await fee.seed.session();
      const profile = await fee.seed.profile({ userId: session.user.id });
      await fee.db.insert(providerInvoiceData).values({
        userId: session.user.id,
        nip: '5260250274',
        company: 'Kancelaria Adwokacka Fee',
        street: 'ul. Prosta 2',
        postcode: '00-850',
        city: 'Warszawa',
      });
      const offer = await fee.seed.offer({ profileId: profile.id, status: 'done', netGrosze: 10_000 });
      const [payment] = await fee.db
        .insert(offerPayments)
        .values({
          offerId: offer.id,
          provider: 'sandbox',
          externalId: 'cs_fee_test',
          payLink: 'http://localhost/pay',
          status: 'paid',
          price: offer.grossGrosze,
          email: 'client@example.com',
          street: 'Prosta 1',
          city: 'Warszawa',
          postCode: '00-001',
          nip: '7792364275',
          company: 'Klient',
          paymentRef: 'pi_fee_test',
          expiresAt: new Date(),
          payDate: new Date(),
        })
        .returning();
      const { releasePayout } = await import('../offers/money/payouts.ts');
      const { findOfferWithLawyer } = await import('../offers/offers.repo.ts');
      await fee.db.transaction(async (tx) => {
        const found = await findOfferWithLawyer(tx, offer.id);
        await releasePayout(fee.services.lifecycle, tx as Tx, found!, 'accepted', fee.clock.now());
      });
      const rows = await fee.db.select().from(invoices).where(eq(invoices.offerId, offer.id));
      expect(rows).toHaveLength(1);
      const [vat] = rows;
      // 10 % of 123.00 zł = 12.30 zł gross = 10.00 net + 2.30 VAT.
      expect(vat).toMatchObject({
        profileId: null,
        paymentId: payment!.id,
        kind: 'VAT',
        number: `SUB/1/${warsawDate(fee.clock.now()).slice(0, 4)}`,
        netGrosze: 1_000,
        vatGrosze: 230,
        grossGrosze: 1_230,
        mode: 'issue',
        ksefStatus: 'queued',
      });
      expect((await validateFa3(vat!.xml)).valid).toBe(true);
      expect(vat!.xml).toContain('<Nazwa>Substytut sp. z o.o.</Nazwa>');
      // The lawyer sees the operator's invoice to them beside their own.
      const list = await fee.app.inject({
        method: 'GET',
        url: '/api/user/invoices',
        headers: session.headers,
      });
      expect(list.json().data).toEqual([
        expect.objectContaining({ issuer: 'platform', kind: 'VAT', gross: '12.30' }),
      ]);
    } finally {
      await fee.close();
    }
  });
});

describe('the correcting invoice of a refund', () => {
  it('lowers the advance by the refunded amount, once per refund, and validates', async () => {
    const { profile } = await lawyer();
    const offer = await t.seed.offer({ profileId: profile.id, netGrosze: 10_000 });
    await pay(profile, offer.offerUrl);
    const [zal] = await invoicesOf(offer.id);
    const deps = { db: t.db, clock: t.clock, config: t.config, log: t.app.log };
    const correct = (refund: { id: number; amountGrosze: number }) =>
      t.db.transaction((tx) =>
        correctingInvoiceFor(
          deps,
          tx as Tx,
          { ...refund, offerId: offer.id, cause: 'dispute', createdAt: t.clock.now() },
          t.clock.now(),
        ),
      );
    const refundId = 9_000_000 + offer.id * 10;

    const partial = await correct({ id: refundId, amountGrosze: 6_150 });
    expect(partial).toMatchObject({
      kind: 'KOR',
      correctedInvoiceId: zal!.id,
      netGrosze: -5_000,
      vatGrosze: -1_150,
      grossGrosze: -6_150,
      seq: 2,
    });
    expect((await validateFa3(partial!.xml)).valid).toBe(true);
    expect(partial!.xml).toContain('<RodzajFaktury>KOR_ZAL</RodzajFaktury>');
    expect(partial!.xml).toContain('<P_15ZK>123.00</P_15ZK>');
    // The same refund again: no second correction.
    expect(await correct({ id: refundId, amountGrosze: 6_150 })).toBeNull();
    // The rest refunded later: the second correction starts from what the first left.
    const rest = await correct({ id: refundId + 1, amountGrosze: 6_150 });
    expect(rest).toMatchObject({ netGrosze: -5_000, vatGrosze: -1_150, grossGrosze: -6_150, seq: 3 });
    expect(rest!.xml).toContain('<P_15ZK>61.50</P_15ZK>');
    // Nothing is left to refund: a third refund makes no invoice.
    expect(await correct({ id: refundId + 2, amountGrosze: 1 })).toBeNull();
  });
});

describe('refunds of disputes and cancellations', () => {
  it("a court's cancellation corrects the advance invoice by the whole payment (KOR_ZAL)", async () => {
    const { profile, headers } = await lawyer();
    const offer = await t.seed.offer({ profileId: profile.id, netGrosze: 10_000 });
    await pay(profile, offer.offerUrl);
    const done = await t.app.inject({
      method: 'PUT',
      url: `/api/user/offer/${offer.id}/done`,
      headers: { ...headers, ...csrf },
      payload: { outcome: 'cancelled_by_court', notes: 'Choroba sędziego.' },
    });
    expect(done.statusCode, done.body).toBe(200);
    const rows = await invoicesOf(offer.id);
    const zal = rows.find((r) => r.kind === 'ZAL');
    const kor = rows.find((r) => r.kind === 'KOR');
    expect(kor).toMatchObject({
      correctedInvoiceId: zal!.id,
      netGrosze: -10_000,
      vatGrosze: -2_300,
      grossGrosze: -12_300,
      mode: zal!.mode,
    });
    expect(kor!.refundId).not.toBeNull();
    expect(kor!.xml).toContain('<PrzyczynaKorekty>Zwrot zapłaty: sąd odwołał posiedzenie</PrzyczynaKorekty>');
    expect((await validateFa3(kor!.xml)).valid).toBe(true);
  });
});
