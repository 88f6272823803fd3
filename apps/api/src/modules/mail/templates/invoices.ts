import { formatPln, RETENTION } from '@substytut/shared';
import type { MailMessage } from '../mail.outbox.ts';
import { renderLayout, type MailContext, type MailLocale } from './layout.ts';

// The invoice mails to the payer (issue 34, decision 045): each invoice and each correcting
// invoice, the PDF attached, the XML (the invoice KSeF holds) behind a link that lasts as long as
// invoices must be kept.

export interface InvoiceMailInput {
  locale: MailLocale;
  to: string;
  kind: 'advance' | 'correction';
  number: string;
  ksefNumber: string | null;
  /** the corrected invoice, for a correction */
  corrected: { number: string; ksefNumber: string | null } | null;
  sellerName: string;
  offerTitle: string;
  /** grosze: the invoice's gross, or a correction's (negative) difference */
  gross: number;
  pdfUrl: string;
  xmlUrl: string;
  /** the PDF, attached */
  pdf: Buffer;
  pdfFileName: string;
}

const texts = {
  pl: {
    subject: (i: InvoiceMailInput) =>
      i.kind === 'advance'
        ? `Faktura ${i.number} od ${i.sellerName} — Substytut`
        : `Faktura korygująca ${i.number} do faktury ${i.corrected?.number ?? ''} — Substytut`,
    title: (i: InvoiceMailInput) =>
      i.kind === 'advance' ? `Faktura nr ${i.number}` : `Faktura korygująca nr ${i.number}`,
    body: (i: InvoiceMailInput, amount: string) =>
      i.kind === 'advance'
        ? `w załączniku przesyłamy fakturę zaliczkową nr ${i.number}, wystawioną przez ${i.sellerName} za zlecenie „${i.offerTitle}” (${amount} brutto, zapłacono w całości).`
        : `po zwrocie zapłaty za zlecenie „${i.offerTitle}” ${i.sellerName} wystawia fakturę korygującą nr ${i.number} do faktury nr ${i.corrected?.number ?? ''}${i.corrected?.ksefNumber ? ` (numer KSeF ${i.corrected.ksefNumber})` : ''}. Różnica brutto: ${amount}. Przesyłamy ją w załączniku.`,
    ksef: (n: string) => `Numer KSeF faktury: ${n}.`,
    noKsef:
      'Wystawca przesyła fakturę do KSeF samodzielnie; wiążący jest plik XML w KSeF, a PDF jest jego wizualizacją.',
    accounting:
      'Przekaż tę wiadomość swojej księgowości. Plik XML (ustrukturyzowana faktura FA(3)) pobierzesz z przycisku poniżej.',
    lasting: `Linki działają bez logowania i bez zapisanej przeglądarki przez cały okres przechowywania faktur (${RETENTION.taxRecordsYears} lat od końca roku, w którym upłynął termin zapłaty podatku). Nie udostępniaj ich osobom spoza firmy.`,
    action: 'Pobierz fakturę (XML)',
    pdf: 'Faktura w PDF',
  },
  en: {
    subject: (i: InvoiceMailInput) =>
      i.kind === 'advance'
        ? `Invoice ${i.number} from ${i.sellerName} — Substytut`
        : `Correcting invoice ${i.number} to invoice ${i.corrected?.number ?? ''} — Substytut`,
    title: (i: InvoiceMailInput) =>
      i.kind === 'advance' ? `Invoice no. ${i.number}` : `Correcting invoice no. ${i.number}`,
    body: (i: InvoiceMailInput, amount: string) =>
      i.kind === 'advance'
        ? `attached is the advance invoice no. ${i.number}, issued by ${i.sellerName} for the order "${i.offerTitle}" (${amount} gross, paid in full).`
        : `after the refund for the order "${i.offerTitle}", ${i.sellerName} issues the correcting invoice no. ${i.number} to invoice no. ${i.corrected?.number ?? ''}${i.corrected?.ksefNumber ? ` (KSeF number ${i.corrected.ksefNumber})` : ''}. Gross difference: ${amount}. It is attached.`,
    ksef: (n: string) => `KSeF number of the invoice: ${n}.`,
    noKsef:
      'The issuer sends the invoice to KSeF themselves; the XML file in KSeF is binding, and the PDF is its rendering.',
    accounting:
      'Forward this message to your accounting. The XML file (the structured FA(3) invoice) is behind the button below.',
    lasting: `The links work without signing in and without the browser you paid in, for as long as invoices must be kept (${RETENTION.taxRecordsYears} years from the end of the year in which the tax was due). Do not share them outside your business.`,
    action: 'Download the invoice (XML)',
    pdf: 'The invoice as PDF',
  },
} as const;

/** To the payer: one invoice (an advance or a correction), the PDF attached and the XML linked. */
export function invoiceMail(input: InvoiceMailInput, context: MailContext): MailMessage {
  const t = texts[input.locale];
  const amount = formatPln(input.gross, input.locale);
  const { html, text } = renderLayout(
    {
      locale: input.locale,
      title: t.title(input),
      intro: [
        input.locale === 'pl' ? 'Dzień dobry,' : 'Hello,',
        t.body(input, amount),
        input.ksefNumber ? t.ksef(input.ksefNumber) : t.noKsef,
        t.accounting,
      ],
      action: { label: t.action, url: input.xmlUrl },
      outro: [t.lasting],
      secondary: { label: t.pdf, url: input.pdfUrl },
    },
    context,
  );
  return {
    to: input.to,
    subject: t.subject(input),
    html,
    text,
    locale: input.locale,
    attachments: [
      {
        filename: input.pdfFileName,
        contentType: 'application/pdf',
        content: input.pdf.toString('base64'),
        encoding: 'base64',
      },
    ],
  };
}
