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
 * The readable copy of an invoice (Polish, like the XML; for an English-speaking payer every label
 * is Polish / English, as bilingual Polish invoices are): the parties, the lines, the amounts, the KSeF number once known and the QR code KOD I that a copy handed over outside KSeF
 * must carry (CIRFMF/ksef-docs, kody-qr.md): the verification link of the environment, the
 * seller's NIP, the issue date and the SHA-256 of the XML file.
 */

type Label = readonly [pl: string, en: string];

const TITLES: Record<string, Label> = {
  VAT: ['Faktura VAT', 'VAT invoice'],
  ZAL: ['Faktura zaliczkowa', 'Advance invoice'],
  ROZ: ['Faktura rozliczeniowa', 'Settlement invoice'],
  KOR: ['Faktura korygująca', 'Correcting invoice'],
  // The title is the correction's own; the corrected invoice is named on the line below it.
  KOR_ZAL: ['Faktura korygująca', 'Correcting invoice'],
};
/** What a correction corrects, on the line under its title ("do faktury zaliczkowej nr …"). */
const CORRECTED_KIND: Record<string, Label> = {
  KOR_ZAL: ['do faktury zaliczkowej', 'to the advance invoice'],
  KOR: ['do faktury', 'to the invoice'],
};

export interface InvoicePdfOptions {
  /** 'sandbox' is the embedded stand-in: the QR points at the Ministry's test environment */
  ksefEnvironment: KsefQrEnvironment | 'sandbox';
  /** 'en': every label also in English (the reader paid in English); Polish otherwise */
  locale?: 'pl' | 'en';
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

/** The file name of an invoice's download: 'faktura-FV-ADW-7-2026.pdf'. */
export const invoiceFileName = (row: Pick<InvoiceRow, 'number'>, ext: 'pdf' | 'xml') =>
  `faktura-${row.number.replace(/[^A-Za-z0-9-]+/g, '-')}.${ext}`;

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
  { key: 'no', label: ['Lp.', 'No.'], width: 0.06, align: 'left' },
  { key: 'title', label: ['Nazwa usługi', 'Service'], width: 0.4, align: 'left' },
  { key: 'net', label: ['Netto', 'Net'], width: 0.15, align: 'right' },
  { key: 'rate', label: ['VAT %', 'VAT %'], width: 0.09, align: 'right' },
  { key: 'vat', label: ['VAT', 'VAT'], width: 0.13, align: 'right' },
  { key: 'gross', label: ['Brutto', 'Gross'], width: 0.17, align: 'right' },
] as const satisfies readonly { key: string; label: Label; width: number; align: string }[];

const BEFORE: Label = ['Przed korektą', 'Before correction'];
const AFTER: Label = ['Po korekcie', 'After correction'];

function table(doc: Pdf, view: InvoiceView, say: (label: Label) => string): void {
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
  row(Object.fromEntries(COLUMNS.map((c) => [c.key, say(c.label)])), true);
  rule(doc);
  const correction = view.rodzaj.startsWith('KOR');
  view.lines.forEach((line, i) => {
    row(
      {
        no: String(i + 1),
        // A correction's two states, each named: what the invoice said, and what it says now.
        title: correction ? `${say(line.before ? BEFORE : AFTER)}:\n${line.title}` : line.title,
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
  const say = ([pl, en]: Label) => (options.locale === 'en' && pl !== en ? `${pl} / ${en}` : pl);
  const title = say(TITLES[view.rodzaj] ?? ['Faktura', 'Invoice']);
  const doc = createPdf({
    title: `${title} ${view.number}`,
    subject: view.seller.name,
    author: view.seller.name,
  });
  const left = doc.page.margins.left;
  const width = contentWidth(doc);

  heading(doc, `${title} nr ${view.number}`, { size: 17 });
  if (view.corrected) {
    // The corrected invoice by its number and KSeF number, right under the correction's own.
    const kind = say(CORRECTED_KIND[view.rodzaj] ?? CORRECTED_KIND.KOR!);
    paragraph(
      doc,
      `${kind} nr ${view.corrected.number} z dnia ${plDate(view.corrected.issueDate)}` +
        (view.corrected.ksefNumber ? `, numer KSeF ${view.corrected.ksefNumber}` : ', bez numeru KSeF'),
      { bold: true },
    );
  }
  if (options.ksefEnvironment === 'sandbox') {
    paragraph(doc, 'SANDBOX: faktura testowa, nie została wysłana do KSeF Ministerstwa Finansów.', {
      bold: true,
      size: 9.5,
    });
  }
  paragraph(doc, `${say(['Data wystawienia', 'Issue date'])}: ${plDate(view.issueDate)}`);
  if (view.eventDate) {
    const label = say(
      view.rodzaj === 'ZAL'
        ? ['Data otrzymania zapłaty', 'Payment received on']
        : ['Data wykonania usługi', 'Service completed on'],
    );
    paragraph(doc, `${label}: ${plDate(view.eventDate)}`);
  }
  rule(doc);

  const top = doc.y;
  const half = (width - 24) / 2;
  const sellerBottom = partyBlock(doc, say(['Sprzedawca', 'Seller']), view.seller, left, top, half);
  const buyerBottom = partyBlock(doc, say(['Nabywca', 'Buyer']), view.buyer, left + half + 24, top, half);
  doc.x = left;
  doc.y = Math.max(sellerBottom, buyerBottom) + 12;

  if (view.corrected?.reason) {
    paragraph(doc, `${say(['Przyczyna korekty', 'Reason for correction'])}: ${view.corrected.reason}`);
  }
  if (view.rodzaj === 'ZAL' && view.orderGross !== null) {
    paragraph(
      doc,
      `${say(['Zaliczka na poczet zamówienia o wartości brutto', 'Advance on an order of the gross value'])} ${pl(view.orderGross)}:`,
      { muted: true },
    );
  }
  table(doc, view, say);

  const correction = view.rodzaj.startsWith('KOR');
  const totals: [string, string][] = [
    [say(correction ? ['Różnica netto', 'Net difference'] : ['Razem netto', 'Total net']), pl(view.net)],
    ['VAT 23%', pl(view.vat)],
    [
      say(correction ? ['Różnica brutto', 'Gross difference'] : ['Razem brutto', 'Total gross']),
      pl(view.gross),
    ],
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
  if (view.paidOn) paragraph(doc, `${say(['Zapłacono', 'Paid on'])} ${plDate(view.paidOn)}.`);
  if (view.bankAccount)
    paragraph(doc, `${say(['Rachunek sprzedawcy', "Seller's account"])}: ${groupAccount(view.bankAccount)}`, {
      muted: true,
    });
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
  doc
    .font('bold')
    .fontSize(10)
    .text(say(['Weryfikacja w KSeF (KOD I)', 'Verification in KSeF (code I)']), textLeft, qrTop, {
      width: textWidth,
    });
  doc
    .font('regular')
    .fontSize(9)
    .text(
      invoice.ksefNumber
        ? `${say(['Numer KSeF', 'KSeF number'])}: ${invoice.ksefNumber}`
        : say([
            'Numer KSeF: jeszcze nienadany. Kod zadziała, gdy KSeF przyjmie ten plik XML.',
            'KSeF number: not given yet. The code works once KSeF accepts this XML file.',
          ]),
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
