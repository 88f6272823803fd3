import { taxRecordsKeptUntil } from '@substytut/shared';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, csrfHeaders, type TestApp } from '../../../test/helpers.ts';
import { invoicingLawyer, payAsClient } from '../../../test/invoice-helpers.ts';
import { pdfFlatText } from '../../../test/pdf-text.ts';
import { invoices } from '../../db/schema/invoices.ts';
import { mailOutbox, type ProfileRow } from '../../db/schema.ts';
import { secretsKey } from '../app/secrets-key.ts';
import { createKsefWorker } from '../ksef/index.ts';
import { mailInvoiceToPayer } from './invoice-mail.ts';

let t: TestApp;
let csrf: Awaited<ReturnType<typeof csrfHeaders>>;

beforeAll(async () => {
  t = await createTestApp();
  csrf = await csrfHeaders(t.app);
});
afterAll(() => t?.close());

const TOKEN = 'ksef-token-20261127-ABCDEF0123456789-secret-value';
let seq = 0;
const lawyer = () => invoicingLawyer(t);

/** The payer pays in their language from an address of their own, which is returned. */
async function pay(profile: ProfileRow, offerUrl: string, locale: 'pl' | 'en' = 'pl') {
  const email = `ksiegowosc-${++seq}@example.com`;
  await payAsClient(t, csrf, profile, offerUrl, { email, locale });
  return email;
}

const mailsTo = (to: string) =>
  t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt));
const invoiceMailsTo = async (to: string) =>
  (await mailsTo(to)).filter((m) => (m.attachments ?? []).some((a) => a.contentType === 'application/pdf'));
const linkIn = (html: string, file: 'pdf' | 'xml') =>
  html.match(new RegExp(`http://localhost:3000(/api/public/invoices/[A-Za-z0-9_-]{43}/${file})`))?.[1] ?? '';
const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('the payer receives each invoice by mail (issue 34)', () => {
  it('the advance invoice: PDF attached, XML and PDF behind a link that needs no cookie', async () => {
    const { profile } = await lawyer();
    const offer = await t.seed.offer({ profileId: profile.id, title: 'Rozprawa w SR Poznań' });
    const payer = await pay(profile, offer.offerUrl);
    const [zal] = await t.db.select().from(invoices).where(eq(invoices.offerId, offer.id));

    const [mail, ...more] = await invoiceMailsTo(payer);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(
      `Faktura ${zal!.number} od Kancelaria Adwokacka ${profile.lastname} — Substytut`,
    );
    expect(mail?.locale).toBe('pl');
    expect(mail?.text).toContain(`fakturę zaliczkową nr ${zal!.number}`);
    expect(mail?.text).toContain('Przekaż tę wiadomość swojej księgowości');
    const attachment = mail!.attachments![0]!;
    expect(attachment).toMatchObject({
      filename: `faktura-${zal!.number.replaceAll('/', '-')}.pdf`,
      encoding: 'base64',
    });
    expect(await pdfFlatText(Buffer.from(attachment.content, 'base64'))).toContain(zal!.number);
    // The stored secret is only a hash: the link in the mail is not in the database.
    const xmlLink = linkIn(mail!.html, 'xml');
    expect(xmlLink).not.toBe('');
    expect(zal!.payerTokenHash ?? '').not.toBe('');
    expect(
      (await t.db.select().from(invoices).where(eq(invoices.id, zal!.id)))[0]?.payerTokenHash,
    ).not.toContain(xmlLink.split('/')[4]);

    const xml = await get(xmlLink);
    expect(xml.statusCode).toBe(200);
    expect(xml.headers['content-type']).toMatch(/^application\/xml/);
    expect(xml.body).toBe(zal!.xml);
    const pdf = await get(linkIn(mail!.html, 'pdf'));
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(await pdfFlatText(pdf.rawPayload)).toContain(zal!.number);

    // The payment confirmation says where the invoice comes from.
    const confirmation = (await mailsTo(payer)).find((m) => m.subject.startsWith('Potwierdzenie płatności'));
    expect(confirmation?.text).toContain(
      'Fakturę VAT wystawia wykonawca: prześlemy ją na ten adres osobną wiadomością (PDF w załączniku, plik XML pod linkiem), a po ewentualnym zwrocie także fakturę korygującą.',
    );

    // A made-up or altered secret finds nothing.
    expect((await get(`/api/public/invoices/${'A'.repeat(43)}/xml`)).statusCode).toBe(404);
    expect((await get(`${xmlLink.slice(0, -5)}x/xml`)).statusCode).toBe(404);
  });

  it('in English for a payer who paid in English', async () => {
    const { profile } = await lawyer();
    const offer = await t.seed.offer({ profileId: profile.id });
    const payer = await pay(profile, offer.offerUrl, 'en');
    const [mail] = await invoiceMailsTo(payer);
    expect(mail?.locale).toBe('en');
    expect(mail?.subject).toMatch(/^Invoice FV\/\d+\/\d{4} from /);
    expect(mail?.text).toContain('Forward this message to your accounting');
    const pdf = await pdfFlatText(Buffer.from(mail!.attachments![0]!.content, 'base64'));
    expect(pdf).toContain('Faktura zaliczkowa / Advance invoice');
    const confirmation = (await mailsTo(payer)).find((m) => m.subject.startsWith('Payment confirmation'));
    expect(confirmation?.text).toContain(
      'The contractor issues the VAT invoice: we will send it to this address in a separate message (the PDF attached, the XML file behind a link), and after any refund the correcting invoice too.',
    );
  });

  it('the correcting invoice after a refund, naming the corrected invoice', async () => {
    const { profile, headers } = await lawyer();
    const offer = await t.seed.offer({ profileId: profile.id, netGrosze: 10_000 });
    const payer = await pay(profile, offer.offerUrl);
    const done = await t.app.inject({
      method: 'PUT',
      url: `/api/user/offer/${offer.id}/done`,
      headers: { ...headers, ...csrf },
      payload: { outcome: 'cancelled_by_court', notes: 'Choroba sędziego.' },
    });
    expect(done.statusCode, done.body).toBe(200);
    const rows = await t.db.select().from(invoices).where(eq(invoices.offerId, offer.id));
    const zal = rows.find((r) => r.kind === 'ZAL')!;
    const kor = rows.find((r) => r.kind === 'KOR')!;

    const mails = await invoiceMailsTo(payer);
    expect(mails.map((m) => m.subject)).toEqual([
      `Faktura korygująca ${kor.number} do faktury ${zal.number} — Substytut`,
      expect.stringContaining(`Faktura ${zal.number} `),
    ]);
    const correction = mails[0]!;
    expect(correction.text).toContain(`fakturę korygującą nr ${kor.number} do faktury nr ${zal.number}`);
    expect(correction.text).toContain('-123,00');
    const text = await pdfFlatText(Buffer.from(correction.attachments![0]!.content, 'base64'));
    expect(text).toContain(kor.number);
    const pdf = await get(linkIn(correction.html, 'pdf'));
    expect(await pdfFlatText(pdf.rawPayload)).toContain(kor.number);
    // The advance's link still works: each invoice has its own.
    expect((await get(linkIn(mails[1]!.html, 'xml'))).body).toBe(zal.xml);
  });

  it('an invoice the product sends to KSeF is mailed once KSeF accepted it, with its KSeF number, once', async () => {
    const { profile, headers } = await lawyer();
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/user/invoice-settings',
      headers: { ...headers, ...csrf },
      payload: { mode: 'issue', number_pattern: 'ADW/{nr}/{rok}', ksef_token: TOKEN },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const offer = await t.seed.offer({ profileId: profile.id });
    const payer = await pay(profile, offer.offerUrl);
    expect(await invoiceMailsTo(payer)).toEqual([]);

    const worker = createKsefWorker({
      db: t.db,
      port: t.services.ksef,
      storage: t.app.storage,
      clock: t.clock,
      secretsKey: secretsKey(t.config),
      platformToken: null,
      onAccepted: async (tx, id) => {
        await mailInvoiceToPayer({ config: t.config }, tx, id);
      },
    });
    expect(await worker.runOnce()).toBeGreaterThan(0);
    const [zal] = await t.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.offerId, offer.id), eq(invoices.kind, 'ZAL')));
    expect(zal?.ksefStatus).toBe('accepted');
    const [mail, ...more] = await invoiceMailsTo(payer);
    expect(more).toEqual([]);
    expect(mail?.text).toContain(`Numer KSeF faktury: ${zal!.ksefNumber}.`);
    // Called again (a retried pass, a second instance): nothing more is sent.
    expect(await t.db.transaction((tx) => mailInvoiceToPayer({ config: t.config }, tx, zal!.id))).toBe(false);
    expect(await invoiceMailsTo(payer)).toHaveLength(1);
  });

  it('a link sent again replaces the old one; a link ends when the invoice need no longer be kept', async () => {
    const { profile } = await lawyer();
    const offer = await t.seed.offer({ profileId: profile.id });
    const payer = await pay(profile, offer.offerUrl);
    const [first] = await invoiceMailsTo(payer);
    const oldLink = linkIn(first!.html, 'xml');
    const [zal] = await t.db.select().from(invoices).where(eq(invoices.offerId, offer.id));
    expect(
      await t.db.transaction((tx) => mailInvoiceToPayer({ config: t.config }, tx, zal!.id, { again: true })),
    ).toBe(true);
    const [second] = await invoiceMailsTo(payer);
    const newLink = linkIn(second!.html, 'xml');
    expect(newLink).not.toBe(oldLink);
    expect((await get(oldLink)).statusCode).toBe(404);
    expect((await get(newLink)).statusCode).toBe(200);

    const kept = taxRecordsKeptUntil(new Date(`${zal!.issueDate}T00:00:00Z`));
    const now = t.clock.now();
    try {
      t.clock.set(new Date(kept.getTime() - 60_000));
      expect((await get(newLink)).statusCode).toBe(200);
      t.clock.set(kept);
      expect((await get(newLink)).statusCode).toBe(404);
    } finally {
      t.clock.set(now);
    }
  });
});
