import { amountsFromNet, formatPln } from '@substytut/shared';
import { describe, expect, it } from 'vitest';
import { pdfFlatText } from '../../../test/pdf-text.ts';
import type { InvoiceRow } from '../../db/schema/invoices.ts';
import { buildFa3Xml, xmlDigest, type Fa3Invoice } from './fa3.ts';
import { invoiceQrUrl, renderInvoicePdf } from './invoices.pdf.ts';

const order = {
  title: 'Zastępstwo procesowe: rozprawa w Sądzie Rejonowym w Łodzi',
  amounts: amountsFromNet(43_210),
};
const advance: Fa3Invoice = {
  kind: 'ZAL',
  number: 'FV/7/2026',
  issueDate: '2026-11-24',
  paidOn: '2026-11-24',
  createdAt: new Date('2026-11-24T10:00:00Z'),
  seller: {
    nip: '5260250274',
    name: 'Kancelaria Adwokacka Żaneta Łęcka',
    street: 'ul. Żurawia 6/12',
    postcode: '00-503',
    city: 'Warszawa',
  },
  buyer: {
    nip: '7792364275',
    name: 'Kancelaria Radcy Prawnego Źdźbło',
    street: 'Święty Marcin 29/8',
    postcode: '61-806',
    city: 'Poznań',
    email: 'klient@example.com',
  },
  order,
  amounts: order.amounts,
  bankAccount: 'PL61109010140000071219812874',
};

function row(fa3: Fa3Invoice, ksefNumber: string | null): InvoiceRow {
  const xml = buildFa3Xml(fa3);
  return {
    id: 1,
    profileId: 1,
    offerId: 1,
    paymentId: 1,
    kind: 'ZAL',
    series: 'FV',
    seq: 7,
    number: fa3.number,
    issueDate: fa3.issueDate,
    eventDate: fa3.issueDate,
    correctedInvoiceId: null,
    refundId: null,
    netGrosze: 43_210,
    vatGrosze: 9_938,
    grossGrosze: 53_148,
    xml,
    sha256: xmlDigest(xml).hex,
    mode: 'issue',
    ksefStatus: ksefNumber ? 'accepted' : 'queued',
    ksefNumber,
    payerTokenHash: null,
    ksefError: null,
    ksefErrorCode: null,
    upoKey: null,
    createdAt: new Date(),
    updatedAt: new Date(),
  };
}

describe('the invoice PDF', () => {
  it('holds the parties, the amounts, the KSeF number and the KOD I link', async () => {
    const ksef = '5260250274-20261124-0123456789AB-CD';
    const invoice = row(advance, ksef);
    const pdf = await renderInvoicePdf(invoice, { ksefEnvironment: 'test' });
    const text = await pdfFlatText(pdf);
    for (const expected of [
      'Faktura zaliczkowa nr FV/7/2026',
      'Kancelaria Adwokacka Żaneta Łęcka',
      'NIP 5260250274',
      'Kancelaria Radcy Prawnego Źdźbło',
      'NIP 7792364275',
      'Zastępstwo procesowe: rozprawa w Sądzie Rejonowym w Łodzi',
      formatPln(43_210, 'pl'),
      formatPln(9_938, 'pl'),
      formatPln(53_148, 'pl'),
      `Numer KSeF: ${ksef}`,
    ]) {
      expect(text.replace(/\u00a0/g, ' ')).toContain(expected.replace(/\u00a0/g, ' '));
    }
    const url = invoiceQrUrl(invoice, 'test', '5260250274');
    expect(url).toBe(
      `https://qr-test.ksef.mf.gov.pl/invoice/5260250274/24-11-2026/${Buffer.from(invoice.sha256, 'hex').toString('base64url')}`,
    );
    // The link is printed beside the QR code, which encodes the same text.
    expect(text.replace(/\s/g, '')).toContain(url);
    expect(text).not.toContain('SANDBOX');
  });

  it('says OFFLINE under the code until KSeF gives a number, and marks the sandbox', async () => {
    const text = await pdfFlatText(
      await renderInvoicePdf(row(advance, null), { ksefEnvironment: 'sandbox' }),
    );
    expect(text).toContain('OFFLINE');
    expect(text).toContain('SANDBOX');
    expect(text).toContain('https://qr-test.ksef.mf.gov.pl/invoice/5260250274/24-11-2026/');
  });
});

describe('the correcting invoice PDF (issue 34)', () => {
  const correction: Fa3Invoice = {
    kind: 'KOR',
    number: 'ADW/8/2026',
    issueDate: '2026-11-27',
    createdAt: new Date('2026-11-27T10:00:00Z'),
    seller: advance.seller,
    buyer: advance.buyer,
    corrected: {
      kind: 'ZAL',
      number: 'ADW/7/2026',
      issueDate: '2026-11-24',
      ksefNumber: '5260250274-20261124-0123456789AB-CD',
    },
    reason: 'Zwrot zapłaty po rozpatrzeniu sporu',
    before: { title: order.title, amounts: order.amounts },
    after: { title: order.title, amounts: amountsFromNet(20_000) },
  };
  const flat = async (locale?: 'pl' | 'en') =>
    (
      await pdfFlatText(
        await renderInvoicePdf(
          { ...row(correction, null), kind: 'KOR' },
          { ksefEnvironment: 'test', ...(locale ? { locale } : {}) },
        ),
      )
    ).replace(/\s+/g, ' ');

  it('names its own number in the title, and the corrected invoice by its number and KSeF number', async () => {
    const text = await flat();
    expect(text).toContain('Faktura korygująca nr ADW/8/2026');
    expect(text).toContain(
      'do faktury zaliczkowej nr ADW/7/2026 z dnia 24.11.2026, numer KSeF 5260250274-20261124-0123456789AB-CD',
    );
    expect(text).not.toContain('Faktura korygująca fakturę zaliczkową nr ADW/8/2026');
  });

  it('labels the rows before and after the correction, in English too for an English reader', async () => {
    const pl = await flat('pl');
    expect(pl).toMatch(/przed korektą/i);
    expect(pl).toMatch(/po korekcie/i);
    expect(pl).not.toMatch(/before correction/i);
    const en = await flat('en');
    expect(en).toMatch(/przed korektą \/ before correction/i);
    expect(en).toMatch(/po korekcie \/ after correction/i);
    expect(en).toContain('Faktura korygująca / Correcting invoice nr ADW/8/2026');
  });
});
