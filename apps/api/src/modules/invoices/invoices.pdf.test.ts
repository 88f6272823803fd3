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
