import { formatPln, ksefVerificationUrl, type KsefQrEnvironment } from '@substytut/shared';
import QRCode from 'qrcode';
import type { InvoiceRow } from '../../db/schema/invoices.ts';
import {
  contentWidth,
  createPdf,
  heading,
  paragraph,
  pdfToBuffer,
  PDF_COLORS,
  rule,
  type Pdf,
} from '../documents/index.ts';
import type { Fa3Party } from './fa3.ts';
import { readInvoiceXml, type InvoiceView } from './invoice-view.ts';

/**
 * The readable copy of an invoice (always Polish, like the XML): the parties, the lines, the
 * amounts, the KSeF number once known and the QR code KOD I that a copy handed over outside KSeF
 * must carry (CIRFMF/ksef-docs, kody-qr.md): the verification link of the environment, the
 * seller's NIP, the issue date and the SHA-256 of the XML file.
 */

const TITLES: Record<string, string> = {
  VAT: 'Faktura VAT',
  ZAL: 'Faktura zaliczkowa',
  ROZ: 'Faktura rozliczeniowa',
  KOR: 'Faktura korygująca',
  KOR_ZAL: 'Faktura korygująca fakturę zaliczkową',
};

export interface InvoicePdfOptions {
  /** 'sandbox' is the embedded stand-in: the QR points at the Ministry's test environment */
  ksefEnvironment: KsefQrEnvironment | 'sandbox';
}

/** The KOD I link of a stored invoice. */
export function invoiceQrUrl(
  invoice: Pick<InvoiceRow, 'xml' | 'sha256' | 'issueDate'>,
  environment: InvoicePdfOptions['ksefEnvironment'],
  sellerNip: string,
): string {
  return ksefVerificationUrl(environment === 'sandbox' ? 'test' : environment, {
    sellerNip,
    issueDate: invoice.issueDate,
    sha256Base64url: Buffer.from(invoice.sha256, 'hex').toString('base64url'),
  });
}

const pl = (grosze: number) => formatPln(grosze, 'pl');
const plDate = (iso: string) => iso.split('-').reverse().join('.');
/** NRB as printed in Poland: '61 1090 1014 0000 0712 1981 2874'. */
const groupAccount = (nrb: string) =>
  nrb.length === 26 ? `${nrb.slice(0, 2)} ${nrb.slice(2).replace(/(\d{4})(?=\d)/g, '$1 ')}` : nrb;

function partyBlock(doc: Pdf, title: string, p: Fa3Party, x: number, y: number, width: number): number {
  doc.font('bold').fontSize(9).fillColor(PDF_COLORS.muted).text(title.toUpperCase(), x, y, { width });
  doc
    .font('bold')
    .fontSize(10.5)
    .fillColor(PDF_COLORS.text)
    .text(p.name, x, doc.y + 2, { width });
  doc
    .font('regular')
    .fontSize(10)
    .text(p.nip ? `NIP ${p.nip}` : 'Brak NIP', x, doc.y + 1, { width });
  doc.text(p.street, x, doc.y, { width });
  doc.text(`${p.postcode} ${p.city}`, x, doc.y, { width });
  if (p.email) doc.fillColor(PDF_COLORS.muted).text(p.email, x, doc.y, { width }).fillColor(PDF_COLORS.text);
  return doc.y;
}

const COLUMNS = [
  { key: 'no', label: 'Lp.', width: 0.06, align: 'left' },
  { key: 'title', label: 'Nazwa usługi', width: 0.4, align: 'left' },
  { key: 'net', label: 'Netto', width: 0.15, align: 'right' },
  { key: 'rate', label: 'VAT %', width: 0.09, align: 'right' },
  { key: 'vat', label: 'VAT', width: 0.13, align: 'right' },
  { key: 'gross', label: 'Brutto', width: 0.17, align: 'right' },
] as const;

function table(doc: Pdf, view: InvoiceView): void {
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  const row = (cells: Record<string, string>, bold: boolean) => {
    const top = doc.y;
    let x = left;
    let bottom = top;
    for (const column of COLUMNS) {
      const w = column.width * width;
      doc
        .font(bold ? 'bold' : 'regular')
        .fontSize(9.5)
        .text(cells[column.key] ?? '', x + 2, top, { width: w - 4, align: column.align });
      bottom = Math.max(bottom, doc.y);
      x += w;
    }
    doc.y = bottom + 4;
    doc.x = left;
  };
  row(Object.fromEntries(COLUMNS.map((c) => [c.key, c.label])), true);
  rule(doc);
  view.lines.forEach((line, i) => {
    row(
      {
        no: String(i + 1),
        title: line.before ? `${line.title} (przed korektą)` : line.title,
        net: pl(line.net),
        rate: line.ratePercent,
        vat: pl(line.vat),
        gross: pl(line.gross),
      },
      false,
    );
  });
  rule(doc);
}

export async function renderInvoicePdf(invoice: InvoiceRow, options: InvoicePdfOptions): Promise<Buffer> {
  const view = readInvoiceXml(invoice.xml);
  const title = TITLES[view.rodzaj] ?? 'Faktura';
  const doc = createPdf({
    title: `${title} ${view.number}`,
    subject: view.seller.name,
    author: view.seller.name,
  });
  const left = doc.page.margins.left;
  const width = contentWidth(doc);

  heading(doc, `${title} nr ${view.number}`, { size: 17 });
  if (options.ksefEnvironment === 'sandbox') {
    paragraph(doc, 'SANDBOX: faktura testowa, nie została wysłana do KSeF Ministerstwa Finansów.', {
      bold: true,
      size: 9.5,
    });
  }
  paragraph(doc, `Data wystawienia: ${plDate(view.issueDate)}`);
  if (view.eventDate) {
    const label = view.rodzaj === 'ZAL' ? 'Data otrzymania zapłaty' : 'Data wykonania usługi';
    paragraph(doc, `${label}: ${plDate(view.eventDate)}`);
  }
  rule(doc);

  const top = doc.y;
  const half = (width - 24) / 2;
  const sellerBottom = partyBlock(doc, 'Sprzedawca', view.seller, left, top, half);
  const buyerBottom = partyBlock(doc, 'Nabywca', view.buyer, left + half + 24, top, half);
  doc.x = left;
  doc.y = Math.max(sellerBottom, buyerBottom) + 12;

  if (view.corrected) {
    paragraph(
      doc,
      `Faktura korygowana: ${view.corrected.number} z dnia ${plDate(view.corrected.issueDate)}` +
        (view.corrected.ksefNumber ? `, numer KSeF ${view.corrected.ksefNumber}` : ''),
    );
    if (view.corrected.reason) paragraph(doc, `Przyczyna korekty: ${view.corrected.reason}`);
  }
  if (view.rodzaj === 'ZAL' && view.orderGross !== null) {
    paragraph(doc, `Zaliczka na poczet zamówienia o wartości ${pl(view.orderGross)} brutto:`, {
      muted: true,
    });
  }
  table(doc, view);

  const totals: [string, string][] = [
    [view.rodzaj.startsWith('KOR') ? 'Różnica netto' : 'Razem netto', pl(view.net)],
    ['VAT 23%', pl(view.vat)],
    [view.rodzaj.startsWith('KOR') ? 'Różnica brutto' : 'Razem brutto', pl(view.gross)],
  ];
  for (const [label, value] of totals) {
    const y = doc.y;
    doc
      .font('regular')
      .fontSize(10)
      .text(label, left + width * 0.5, y, { width: width * 0.3, align: 'right' });
    doc.font('bold').text(value, left + width * 0.8, y, { width: width * 0.2, align: 'right' });
    doc.x = left;
    doc.y += 2;
  }
  doc.moveDown(0.6);
  if (view.paidOn) paragraph(doc, `Zapłacono ${plDate(view.paidOn)}.`);
  if (view.bankAccount)
    paragraph(doc, `Rachunek sprzedawcy: ${groupAccount(view.bankAccount)}`, { muted: true });
  if (view.footer) paragraph(doc, view.footer, { muted: true });

  rule(doc);
  const url = invoiceQrUrl(invoice, options.ksefEnvironment, view.seller.nip);
  const qr = await QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 1, scale: 4 });
  const size = 110;
  if (doc.y + size + 60 > doc.page.height - doc.page.margins.bottom) doc.addPage();
  const qrTop = doc.y;
  doc.image(qr, left, qrTop, { width: size, height: size });
  // Under KOD I: the KSeF number once KSeF gave one, else OFFLINE (kody-qr.md).
  doc
    .font('bold')
    .fontSize(6.5)
    .text(invoice.ksefNumber ?? 'OFFLINE', left - 20, qrTop + size + 3, {
      width: size + 40,
      align: 'center',
    });
  const textLeft = left + size + 16;
  const textWidth = width - size - 16;
  doc.font('bold').fontSize(10).text('Weryfikacja w KSeF (KOD I)', textLeft, qrTop, { width: textWidth });
  doc
    .font('regular')
    .fontSize(9)
    .text(
      invoice.ksefNumber
        ? `Numer KSeF: ${invoice.ksefNumber}`
        : 'Numer KSeF: jeszcze nienadany. Kod zadziała, gdy KSeF przyjmie ten plik XML.',
      textLeft,
      doc.y + 2,
      { width: textWidth },
    );
  doc
    .fillColor(PDF_COLORS.muted)
    .fontSize(8)
    .text(url, textLeft, doc.y + 4, { width: textWidth, link: url });
  doc.fillColor(PDF_COLORS.text);
  doc.x = left;
  doc.y = Math.max(doc.y, qrTop + size + 16);
  return pdfToBuffer(doc);
}
