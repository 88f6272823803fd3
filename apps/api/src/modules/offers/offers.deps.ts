import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import type { OfferPaymentRow } from '../../db/schema/offer-payments.ts';
import type { OfferRefundRow } from '../../db/schema/disputes.ts';
import type { OfferRow } from '../../db/schema/offers.ts';
import type { Clock } from '../app/clock.ts';
import type { Config } from '../app/config.ts';
import type { MailContext } from '../mail/index.ts';
import type { Payments } from '../payments/index.ts';

/**
 * The invoices a paid offer calls for (modules/invoices, wired in the composition root). Each runs
 * in the event's transaction and never fails it: an invoice that cannot be made is only logged.
 */
export interface OfferInvoicing {
  offerPaid(
    tx: Tx,
    input: { offer: OfferRow; profile: { id: number; userId: string }; payment: OfferPaymentRow },
    now: Date,
  ): Promise<unknown>;
  payoutReleased(
    tx: Tx,
    input: { offer: OfferRow; profile: { id: number; userId: string }; paymentId: number; fee: number },
    now: Date,
  ): Promise<unknown>;
  /** a refund was decided: the advance invoice is corrected by its amount */
  refundMade(tx: Tx, refund: OfferRefundRow, now: Date): Promise<unknown>;
}

/** What every step of the offer lifecycle needs; built once, in the composition root. */
export interface LifecycleDeps {
  db: Db;
  clock: Clock;
  payments: Payments;
  invoicing: OfferInvoicing;
  config: Pick<Config, 'publicUrl' | 'supportEmail' | 'platformFeePercent' | 'acceptanceWindowDays'>;
  log: FastifyBaseLogger;
  /**
   * The fee of the lawyer's plan at a moment, in basis points (modules/plans, wired in the
   * composition root): stored with a payment when it pays the offer (issue 34 §3).
   */
  feeBasisPointsFor(tx: Tx, userId: string, at: Date): Promise<number>;
}

export const mailContextOf = (deps: Pick<LifecycleDeps, 'config'>): MailContext => ({
  publicUrl: deps.config.publicUrl,
  supportEmail: deps.config.supportEmail,
});
