import { taxRecordsKeptUntil } from '@substytut/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { invoices, type InvoiceRow } from '../../db/schema/invoices.ts';
import { offers } from '../../db/schema/offers.ts';
import type { Config } from '../app/config.ts';
import { hashToken, newSecretToken } from '../app/token-crypto.ts';
import { enqueueMail, invoiceMail } from '../mail/index.ts';
import { readInvoiceXml } from './invoice-view.ts';
import { findInvoice, findPayment } from './invoices.repo.ts';
import { invoiceFileName, renderInvoicePdf } from './invoices.pdf.ts';

/**
 * Each invoice of a payer reaches them by mail (issue 34, decision 045): the advance invoice and
 * every correcting invoice, the PDF attached and the XML behind a link. The link carries a secret
 * of 256 random bits whose hash alone is kept on the invoice (like the substitution document's,
 * decision 021): it needs no cookie of the paying browser and no account, so an accountant can
 * open it, and it lasts as long as the invoice must be kept (`taxRecordsKeptUntil`). A new mail
 * (the lawyer's "send again") replaces the secret, which revokes the old link.
 *
 * When: an invoice the lawyer issues themselves ("prepare") is mailed the moment it is made; one
 * the product sends to KSeF ("issue") when KSeF accepted it, with its KSeF number, since only then
 * does it exist in KSeF (the KSeF worker calls back). Mailing in the invoice's own transaction
 * means the mail exists exactly when the invoice does.
 */

export interface InvoiceMailDeps {
  config: Pick<Config, 'publicUrl' | 'supportEmail' | 'ksef'>;
}

/** Who gets invoice mails: the payer of the lawyer's advance invoice and of its corrections. */
const mailedToPayer = (row: InvoiceRow) =>
  row.profileId !== null && row.paymentId !== null && (row.kind === 'ZAL' || row.kind === 'KOR');

export function payerInvoiceLink(publicUrl: string, token: string, file: 'pdf' | 'xml'): string {
  return `${publicUrl.replace(/\/+$/, '')}/api/public/invoices/${encodeURIComponent(token)}/${file}`;
}

/**
 * Mails one invoice to its payer with a fresh link secret. `again` replaces a link already sent
 * (revoking it); without it an invoice already mailed is left alone, so a repeated call (the KSeF
 * worker's retry, a second instance) sends nothing twice. False when nothing was sent.
 */
export async function mailInvoiceToPayer(
  deps: InvoiceMailDeps,
  tx: DbOrTx,
  invoiceId: number,
  options: { again?: boolean } = {},
): Promise<boolean> {
  const row = await findInvoice(tx, invoiceId);
  if (!row || !mailedToPayer(row) || row.paymentId === null) return false;
  if (row.mode === 'issue' && row.ksefStatus !== 'accepted') return false;
  const payment = await findPayment(tx, row.paymentId);
  if (!payment) return false;
  const token = newSecretToken();
  const claimed = await tx
    .update(invoices)
    .set({ payerTokenHash: hashToken(token) })
    .where(and(eq(invoices.id, row.id), options.again ? undefined : isNull(invoices.payerTokenHash)))
    .returning({ id: invoices.id });
  if (claimed.length === 0) return false;
  const [offer] = await tx.select({ title: offers.title }).from(offers).where(eq(offers.id, row.offerId));
  const view = readInvoiceXml(row.xml);
  const corrected = row.correctedInvoiceId ? await findInvoice(tx, row.correctedInvoiceId) : null;
  const pdf = await renderInvoicePdf(row, {
    ksefEnvironment: deps.config.ksef.environment,
    locale: payment.locale,
  });
  const context = { publicUrl: deps.config.publicUrl, supportEmail: deps.config.supportEmail };
  await enqueueMail(
    tx,
    invoiceMail(
      {
        locale: payment.locale,
        to: payment.email,
        kind: row.kind === 'KOR' ? 'correction' : 'advance',
        number: row.number,
        ksefNumber: row.ksefNumber,
        corrected: corrected ? { number: corrected.number, ksefNumber: corrected.ksefNumber } : null,
        sellerName: view.seller.name,
        offerTitle: offer?.title ?? view.lineTitle,
        gross: row.grossGrosze,
        pdfUrl: payerInvoiceLink(context.publicUrl, token, 'pdf'),
        xmlUrl: payerInvoiceLink(context.publicUrl, token, 'xml'),
        pdf,
        pdfFileName: invoiceFileName(row, 'pdf'),
      },
      context,
    ),
  );
  return true;
}

/** The invoice behind a payer's link, while it is kept; null for a wrong, replaced or expired one. */
export async function findInvoiceByPayerToken(
  db: DbOrTx,
  token: string,
  now: Date,
): Promise<InvoiceRow | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const [row] = await db
    .select()
    .from(invoices)
    .where(eq(invoices.payerTokenHash, hashToken(token)))
    .limit(1);
  if (!row) return null;
  const issued = new Date(`${row.issueDate}T00:00:00Z`);
  return now.getTime() < taxRecordsKeptUntil(issued).getTime() ? row : null;
}
