import {
  amountsFromGross,
  amountsFromNet,
  DEFAULT_INVOICE_PATTERN,
  formatInvoiceNumber,
  invoiceCounterYear,
  isValidRefund,
  seriesAsPattern,
  warsawDate,
  type InvoiceAmounts,
  type InvoiceFailureReason,
  type InvoiceMode,
} from '@substytut/shared';
import { OPERATOR } from '@substytut/shared/operator';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import type { OfferPaymentRow } from '../../db/schema/offer-payments.ts';
import type { OfferRefundRow } from '../../db/schema/disputes.ts';
import type { InvoiceRow } from '../../db/schema/invoices.ts';
import type { OfferRow } from '../../db/schema/offers.ts';
import type { ProviderInvoiceDataRow } from '../../db/schema/profile.ts';
import type { Clock } from '../app/clock.ts';
import type { Config } from '../app/config.ts';
import { enqueueKsefSend } from '../ksef/index.ts';
import type { OfferInvoicing } from '../offers/index.ts';
import { buildFa3Xml, xmlDigest, type Fa3Invoice, type Fa3Line, type Fa3Party } from './fa3.ts';
import { validateFa3 } from './fa3-xsd.ts';
import { readInvoiceXml } from './invoice-view.ts';
import { mailInvoiceToPayer } from './invoice-mail.ts';
import {
  clearInvoiceFailure,
  findCorrectionsOf,
  findInvoiceByRefund,
  findInvoiceOfOffer,
  findInvoiceSettings,
  findSellerInvoiceData,
  insertInvoice,
  recordInvoiceFailure,
  sellerKey,
  takeInvoiceNumber,
  type FailureKey,
} from './invoices.repo.ts';

/**
 * Issuing the invoices of a paid offer (docs/decisions/022-invoices-advance-and-settlement.md):
 * the lawyer's advance invoice (ZAL) for the whole price when the payment arrives, the platform's
 * fee invoice (VAT) to the lawyer when the payout is released, and a correction (KOR_ZAL) per
 * refund. Each runs inside the transaction of the event that calls for it, in a savepoint: an
 * invoice that cannot be made (no invoice data, an XML the schema refuses) is logged and leaves
 * the payment, the payout or the refund as it is.
 */

export interface InvoicingDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'ksef' | 'publicUrl' | 'supportEmail'>;
  log: FastifyBaseLogger;
}

/** A refund of an offer's payment (issue 23's `offer_refunds` row). */
export type RefundForInvoice = Pick<
  OfferRefundRow,
  'id' | 'offerId' | 'amountGrosze' | 'cause' | 'createdAt'
>;

export interface OfferForInvoice {
  offer: Pick<OfferRow, 'id' | 'title' | 'netGrosze' | 'grossGrosze'>;
  profile: { id: number; userId: string };
}

export class InvoiceNotIssuable extends Error {
  constructor(
    readonly reason: InvoiceFailureReason,
    message: string,
    readonly details: string[] = [],
  ) {
    super(message);
    this.name = 'InvoiceNotIssuable';
  }
}

const OPERATOR_SERIES = 'SUB';

export const operatorParty: Fa3Party = {
  nip: OPERATOR.nip,
  name: OPERATOR.name,
  street: OPERATOR.street,
  postcode: OPERATOR.postcode,
  city: OPERATOR.city.pl,
  email: OPERATOR.email,
};

function sellerParty(data: ProviderInvoiceDataRow): Fa3Party {
  return { nip: data.nip, name: data.company, street: data.street, postcode: data.postcode, city: data.city };
}

function buyerOfPayment(payment: OfferPaymentRow): Fa3Party {
  const name = payment.company?.trim() || `${payment.firstname} ${payment.lastname}`.trim() || payment.email;
  return {
    nip: payment.nip ?? '',
    name,
    street: payment.street,
    postcode: payment.postCode,
    city: payment.city,
    email: payment.email,
  };
}

/** What the invoice line says was sold: the offer's title, as the lawyer named the job. */
const lineOf = (offer: OfferForInvoice['offer'], amounts: InvoiceAmounts): Fa3Line => ({
  title: `Zastępstwo procesowe: ${offer.title}`.slice(0, 512),
  amounts,
});

interface Draft {
  profileId: number | null;
  /** whose numbering: the NIP the lawyer invoices as, or the operator's */
  seller: { nip: string } | 'platform';
  offerId: number;
  paymentId: number | null;
  kind: InvoiceRow['kind'];
  /** the numbering pattern ('ADW/{nr}/{rok}'); the counter and the stored series are keyed by it */
  pattern: string;
  mode: InvoiceMode;
  eventDate: string;
  amounts: InvoiceAmounts;
  correctedInvoiceId?: number;
  refundId?: number;
  fa3: (number: string, issueDate: string) => Fa3Invoice;
}

/**
 * Numbers, builds, validates and stores one invoice, and queues it for KSeF when the product
 * issues it. Throws when the schema refuses the XML: the caller's savepoint then returns the number.
 */
async function createInvoice(deps: InvoicingDeps, tx: Tx, draft: Draft, now: Date): Promise<InvoiceRow> {
  const issueDate = warsawDate(now);
  const year = Number(issueDate.slice(0, 4));
  // The operator's counter keeps its series key of before ('SUB'); a lawyer's is their pattern.
  const counterSeries = draft.seller === 'platform' ? OPERATOR_SERIES : draft.pattern;
  const seq = await takeInvoiceNumber(
    tx,
    sellerKey(draft.seller),
    counterSeries,
    invoiceCounterYear(draft.pattern, year),
  );
  const number = formatInvoiceNumber(draft.pattern, seq, year);
  const xml = buildFa3Xml(draft.fa3(number, issueDate));
  const check = await validateFa3(xml);
  if (!check.valid)
    throw new InvoiceNotIssuable('schema_invalid', 'the FA(3) XML does not validate', check.errors);
  const row = await insertInvoice(tx, {
    profileId: draft.profileId,
    offerId: draft.offerId,
    paymentId: draft.paymentId,
    kind: draft.kind,
    series: counterSeries,
    seq,
    number,
    issueDate,
    eventDate: draft.eventDate,
    correctedInvoiceId: draft.correctedInvoiceId ?? null,
    refundId: draft.refundId ?? null,
    netGrosze: draft.amounts.net,
    vatGrosze: draft.amounts.vat,
    grossGrosze: draft.amounts.gross,
    xml,
    sha256: xmlDigest(xml).hex,
    mode: draft.mode,
    ksefStatus: draft.mode === 'issue' ? 'queued' : 'prepared',
    createdAt: now,
    updatedAt: now,
  });
  if (!row) throw new Error('invoice insert returned nothing');
  if (row.mode === 'issue') await enqueueKsefSend(tx, row.id, now);
  // Prepared for the lawyer's own KSeF: mailed now. Sent by the product: once KSeF accepts it.
  else await mailInvoiceToPayer(deps, tx, row.id);
  return row;
}

/** The event an invoice is for, and what a retry needs to make it again. */
type FailureContext = FailureKey & { paymentId: number | null; feeGrosze: number | null };

/**
 * Runs one invoice's work in a savepoint. What cannot be made is logged and recorded as a failure
 * the lawyer and the administrator see (issue 30), in a savepoint of its own so that the payment,
 * the payout or the refund goes on whatever happens; a success clears an earlier failure.
 */
async function inSavepoint<T>(
  deps: InvoicingDeps,
  tx: Tx,
  context: FailureContext,
  work: (sp: Tx) => Promise<T | null>,
): Promise<T | null> {
  const key: FailureKey = {
    offerId: context.offerId,
    kind: context.kind,
    platform: context.platform,
    refundId: context.refundId,
  };
  try {
    return await tx.transaction(async (sp) => {
      const result = await work(sp as Tx);
      await clearInvoiceFailure(sp, key);
      return result;
    });
  } catch (error) {
    const notIssuable = error instanceof InvoiceNotIssuable ? error : null;
    deps.log.error({ err: error, details: notIssuable?.details, ...context }, 'invoice not issued');
    try {
      await tx.transaction((sp) =>
        recordInvoiceFailure(sp, key, {
          paymentId: context.paymentId,
          feeGrosze: context.feeGrosze,
          reason: notIssuable?.reason ?? 'unexpected',
          details: (notIssuable?.details ?? []).map((d) => d.slice(0, 500)).slice(0, 20),
          now: deps.clock.now(),
        }),
      );
    } catch (recordError) {
      deps.log.error({ err: recordError, ...context }, 'invoice failure not recorded');
    }
    return null;
  }
}

/**
 * The advance invoice for the whole price, issued the day the money arrives (art. 106b ust. 1
 * pkt 4, art. 106i ust. 2). Covering the whole payment, it is the only invoice of the sale
 * (art. 106f ust. 4). Null when none could be made (logged).
 */
export function issueAdvanceInvoice(
  deps: InvoicingDeps,
  tx: Tx,
  input: OfferForInvoice & { payment: OfferPaymentRow },
  now: Date,
): Promise<InvoiceRow | null> {
  const context: FailureContext = {
    offerId: input.offer.id,
    kind: 'ZAL',
    platform: false,
    refundId: 0,
    paymentId: input.payment.id,
    feeGrosze: null,
  };
  return inSavepoint(deps, tx, context, async (sp) => {
    if (await findInvoiceOfOffer(sp, input.offer.id, 'ZAL', 'lawyer')) return null;
    const seller = await findSellerInvoiceData(sp, input.profile.userId);
    if (!seller) throw new InvoiceNotIssuable('no_invoice_data', 'the lawyer has no invoice data');
    const settings = await findInvoiceSettings(sp, input.profile.id);
    const amounts = amountsFromNet(input.offer.netGrosze);
    if (amounts.gross !== input.payment.price) {
      throw new InvoiceNotIssuable(
        'amount_mismatch',
        `paid ${input.payment.price} gr, the offer's gross is ${amounts.gross} gr`,
        [`paid ${input.payment.price} gr, the offer's gross is ${amounts.gross} gr`],
      );
    }
    const paidOn = warsawDate(input.payment.payDate ?? now);
    const order = lineOf(input.offer, amounts);
    return createInvoice(
      deps,
      sp,
      {
        profileId: input.profile.id,
        seller: { nip: seller.nip },
        offerId: input.offer.id,
        paymentId: input.payment.id,
        kind: 'ZAL',
        pattern: settings?.numberPattern ?? DEFAULT_INVOICE_PATTERN,
        mode: settings?.mode ?? 'prepare',
        eventDate: paidOn,
        amounts,
        fa3: (number, issueDate) => ({
          kind: 'ZAL',
          number,
          issueDate,
          createdAt: now,
          seller: sellerParty(seller),
          buyer: buyerOfPayment(input.payment),
          paidOn,
          order,
          amounts,
          bankAccount: seller.bankAccount,
        }),
      },
      now,
    );
  });
}

/**
 * The operator's invoice to the lawyer for its fee (a gross amount kept from the payout), sent to
 * KSeF with the operator's own token (KSEF_PLATFORM_TOKEN).
 */
export function issuePlatformFeeInvoice(
  deps: InvoicingDeps,
  tx: Tx,
  input: OfferForInvoice & { paymentId: number; fee: number },
  now: Date,
): Promise<InvoiceRow | null> {
  if (input.fee <= 0) return Promise.resolve(null);
  const context: FailureContext = {
    offerId: input.offer.id,
    kind: 'VAT',
    platform: true,
    refundId: 0,
    paymentId: input.paymentId,
    feeGrosze: input.fee,
  };
  return inSavepoint(deps, tx, context, async (sp) => {
    if (await findInvoiceOfOffer(sp, input.offer.id, 'VAT', 'platform')) return null;
    const lawyer = await findSellerInvoiceData(sp, input.profile.userId);
    if (!lawyer) throw new InvoiceNotIssuable('no_invoice_data', 'the lawyer has no invoice data');
    const amounts = amountsFromGross(input.fee);
    const day = warsawDate(now);
    return createInvoice(
      deps,
      sp,
      {
        profileId: null,
        seller: 'platform',
        offerId: input.offer.id,
        paymentId: input.paymentId,
        kind: 'VAT',
        pattern: `${OPERATOR_SERIES}/{nr}/{rok}`,
        // Always through KSeF: without KSEF_PLATFORM_TOKEN it waits in the outbox, never lost.
        mode: 'issue',
        eventDate: day,
        amounts,
        fa3: (number, issueDate) => ({
          kind: 'VAT',
          number,
          issueDate,
          createdAt: now,
          seller: operatorParty,
          buyer: sellerParty(lawyer),
          completedOn: day,
          paidOn: day,
          line: { title: `Prowizja serwisu Substytut: ${input.offer.title}`.slice(0, 512), amounts },
          registry: { fullName: OPERATOR.name, krs: OPERATOR.krs, regon: OPERATOR.regon },
          footer: 'Prowizja potrącona z wypłaty za zlecenie.',
        }),
      },
      now,
    );
  });
}

/** The lifecycle's side of invoicing (offers.deps OfferInvoicing), and the refunds' correction. */
export function createInvoicing(deps: InvoicingDeps): OfferInvoicing {
  return {
    offerPaid: (tx, input, now) => issueAdvanceInvoice(deps, tx, input, now),
    payoutReleased: (tx, input, now) => issuePlatformFeeInvoice(deps, tx, input, now),
    refundMade: (tx, refund, now) => correctingInvoiceFor(deps, tx, refund, now),
  };
}

const CORRECTION_REASONS: Record<string, string> = {
  dispute: 'Zwrot zapłaty po rozpatrzeniu sporu',
  court_cancelled: 'Zwrot zapłaty: sąd odwołał posiedzenie',
};

/**
 * The correcting invoice of a refund: the advance invoice goes down by the refunded gross
 * (art. 106j ust. 1 pkt 3), split into net and VAT like any gross, and what earlier corrections
 * left is the state before. One per refund.
 */
export function correctingInvoiceFor(
  deps: InvoicingDeps,
  tx: Tx,
  refund: RefundForInvoice,
  now: Date,
): Promise<InvoiceRow | null> {
  const context: FailureContext = {
    offerId: refund.offerId,
    kind: 'KOR',
    platform: false,
    refundId: refund.id,
    paymentId: null,
    feeGrosze: null,
  };
  return inSavepoint(deps, tx, context, async (sp) => {
    if (await findInvoiceByRefund(sp, refund.id)) return null;
    const advance = await findInvoiceOfOffer(sp, refund.offerId, 'ZAL', 'lawyer');
    if (!advance || advance.profileId === null)
      throw new InvoiceNotIssuable('no_advance', 'the offer has no advance invoice');
    const corrections = await findCorrectionsOf(sp, advance.id);
    const before: InvoiceAmounts = corrections.reduce(
      (sum, k) => ({
        net: sum.net + k.netGrosze,
        vat: sum.vat + k.vatGrosze,
        gross: sum.gross + k.grossGrosze,
      }),
      { net: advance.netGrosze, vat: advance.vatGrosze, gross: advance.grossGrosze },
    );
    // The one refund limit (packages/shared): never more than is left of the invoiced gross.
    if (!isValidRefund(refund.amountGrosze, before.gross)) {
      const message = `refund of ${refund.amountGrosze} gr against ${before.gross} gr invoiced`;
      throw new InvoiceNotIssuable('refund_exceeds', message, [message]);
    }
    const after =
      refund.amountGrosze === before.gross
        ? { net: 0, vat: 0, gross: 0 }
        : amountsFromGross(before.gross - refund.amountGrosze);
    const difference = {
      net: after.net - before.net,
      vat: after.vat - before.vat,
      gross: after.gross - before.gross,
    };
    const settings = await findInvoiceSettings(sp, advance.profileId);
    const original = parseParties(advance.xml);
    const title = original.title;
    const reason = CORRECTION_REASONS[refund.cause] ?? 'Zwrot zapłaty';
    return createInvoice(
      deps,
      sp,
      {
        profileId: advance.profileId,
        // The advance's seller NIP, as issued: the correction continues that NIP's numbering.
        seller: { nip: original.seller.nip },
        offerId: advance.offerId,
        paymentId: advance.paymentId,
        kind: 'KOR',
        pattern: settings?.numberPattern ?? seriesAsPattern(advance.series),
        // A correction goes the way its invoice went: to KSeF only if the advance did.
        mode: advance.mode,
        eventDate: warsawDate(refund.createdAt),
        amounts: difference,
        correctedInvoiceId: advance.id,
        refundId: refund.id,
        fa3: (number, issueDate) => ({
          kind: 'KOR',
          number,
          issueDate,
          createdAt: now,
          seller: original.seller,
          buyer: original.buyer,
          corrected: {
            kind: 'ZAL',
            number: advance.number,
            issueDate: advance.issueDate,
            ksefNumber: advance.ksefNumber,
          },
          reason,
          before: { title, amounts: before },
          after: { title, amounts: after },
        }),
      },
      now,
    );
  });
}

/** The parties and the line title of a stored invoice, read back from its own XML. */
function parseParties(xml: string): { seller: Fa3Party; buyer: Fa3Party; title: string } {
  const view = readInvoiceXml(xml);
  return { seller: view.seller, buyer: view.buyer, title: view.lineTitle };
}
