import { formatInvoiceNumber, invoiceCounterYear, seriesAsPattern } from '@substytut/shared';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { offerRefunds } from '../../db/schema/disputes.ts';
import { invoices, type InvoiceFailureRow, type InvoiceRow } from '../../db/schema/invoices.ts';
import { offers } from '../../db/schema/offers.ts';
import { profiles } from '../../db/schema/profile.ts';
import { AppError } from '../app/errors.ts';
import { retryKsefSend } from '../ksef/index.ts';
import { invoiceFacts } from '../ksef/index.ts';
import { xmlDigest } from './fa3.ts';
import { validateFa3 } from './fa3-xsd.ts';
import {
  findInvoice,
  findInvoiceFailure,
  findPayment,
  sellerKey,
  takeInvoiceNumber,
} from './invoices.repo.ts';
import {
  correctingInvoiceFor,
  issueAdvanceInvoice,
  issuePlatformFeeInvoice,
  type InvoicingDeps,
  type OfferForInvoice,
} from './invoices.service.ts';

/**
 * Retries (issue 30): an invoice that could not be built, once its cause is fixed (the lawyer's
 * invoice data entered or corrected), and an invoice KSeF refused or still holds back. Both the
 * lawyer (their own offers) and the administrator call them.
 */

/** A KSeF retry needs no logger or configuration: the command-line tool calls it too. */
export type KsefRetryDeps = Pick<InvoicingDeps, 'db' | 'clock'>;

/** KSeF's code for an invoice number the seller NIP already used. */
export const KSEF_DUPLICATE = 440;

export const stillNotIssuable = () => new AppError(409, 'invoices.still_not_issuable');
export const nothingToRetry = () => new AppError(409, 'invoices.nothing_to_retry');

async function offerAndLawyer(tx: Tx, offerId: number) {
  const [row] = await tx
    .select({ offer: offers, userId: profiles.userId })
    .from(offers)
    .innerJoin(profiles, eq(profiles.id, offers.profileId))
    .where(eq(offers.id, offerId));
  return row ?? null;
}

/** Makes the invoice a failure stands for, again; throws 409 when it still cannot be made. */
export async function retryInvoiceFailure(deps: InvoicingDeps, failureId: number): Promise<void> {
  const failure = await findInvoiceFailure(deps.db, failureId);
  if (!failure) throw nothingToRetry();
  await deps.db.transaction(async (tx) => {
    const found = await offerAndLawyer(tx, failure.offerId);
    if (!found) return;
    const input = {
      offer: found.offer,
      profile: { id: found.offer.profileId, userId: found.userId },
    };
    const now = deps.clock.now();
    await issueAgain(deps, tx, failure, input, now);
  });
  if (await findInvoiceFailure(deps.db, failureId)) throw stillNotIssuable();
}

async function issueAgain(
  deps: InvoicingDeps,
  tx: Tx,
  failure: InvoiceFailureRow,
  input: OfferForInvoice,
  now: Date,
): Promise<void> {
  if (failure.kind === 'KOR') {
    const [refund] = await tx.select().from(offerRefunds).where(eq(offerRefunds.id, failure.refundId));
    if (refund) await correctingInvoiceFor(deps, tx, refund, now);
    return;
  }
  const payment = failure.paymentId === null ? null : await findPayment(tx, failure.paymentId);
  if (!payment) return;
  if (failure.platform) {
    await issuePlatformFeeInvoice(
      deps,
      tx,
      { ...input, paymentId: payment.id, fee: failure.feeGrosze ?? 0 },
      now,
    );
  } else {
    await issueAdvanceInvoice(deps, tx, { ...input, payment }, now);
  }
}

/**
 * A KSeF duplicate (440) means the number was already used for this NIP by another invoice: this
 * one never entered KSeF, so it is not issued yet and takes the next free number of its NIP's
 * series (same issue date, same content), validated again before it is sent.
 */
async function renumber(deps: KsefRetryDeps, invoice: InvoiceRow): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(invoices).where(eq(invoices.id, invoice.id)).for('update');
    if (locked?.ksefStatus !== 'rejected' || locked.ksefErrorCode !== KSEF_DUPLICATE) return;
    const nip = invoiceFacts(locked.xml).sellerNip;
    if (!nip) throw stillNotIssuable();
    const year = Number(locked.issueDate.slice(0, 4));
    // The stored series is the counter's key: the lawyer's pattern, or the operator's 'SUB'.
    const pattern = seriesAsPattern(locked.series);
    const seq = await takeInvoiceNumber(
      tx,
      sellerKey(locked.profileId === null ? 'platform' : { nip }),
      locked.series,
      invoiceCounterYear(pattern, year),
    );
    const number = formatInvoiceNumber(pattern, seq, year);
    const xml = locked.xml.replace(`<P_2>${locked.number}</P_2>`, `<P_2>${number}</P_2>`);
    if (xml === locked.xml || !(await validateFa3(xml)).valid) throw stillNotIssuable();
    await tx
      .update(invoices)
      .set({ seq, number, xml, sha256: xmlDigest(xml).hex, updatedAt: deps.clock.now() })
      .where(and(eq(invoices.id, locked.id), eq(invoices.ksefStatus, 'rejected')));
  });
}

/** Sends an invoice to KSeF again: after a refusal (a duplicate gets a new number) or while stuck. */
export async function retryInvoiceKsef(deps: KsefRetryDeps, invoiceId: number): Promise<InvoiceRow> {
  const invoice = await findInvoice(deps.db, invoiceId);
  if (!invoice) throw nothingToRetry();
  if (invoice.ksefStatus === 'rejected' && invoice.ksefErrorCode === KSEF_DUPLICATE)
    await renumber(deps, invoice);
  if (!(await retryKsefSend(deps.db, invoiceId, deps.clock.now()))) throw nothingToRetry();
  const after = await findInvoice(deps.db, invoiceId);
  if (!after) throw nothingToRetry();
  return after;
}
