import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { offerPayments } from '../../db/schema/offer-payments.ts';
import { sandboxRefunds, sandboxTransfers } from '../../db/schema/sandbox-provider.ts';
import { offers, paymentAccounts, profiles } from '../../db/schema.ts';

export interface SandboxTransfer {
  /** grosze */
  amount: number;
  description: string;
  createdAt: Date;
}

export interface SandboxRefund {
  /** grosze */
  amount: number;
  /** the offer's title */
  description: string;
  paymentRef: string;
  createdAt: Date;
}

/**
 * Money the sandbox provider transferred to a connected account (payouts of accepted offers),
 * shown on its dashboard page. The sandbox pays nothing out of the account, so the balance is
 * the sum of the transfers.
 */
export async function sandboxAccountLedger(
  db: DbOrTx,
  accountId: string,
): Promise<{ balance: number; transfers: SandboxTransfer[] }> {
  const transfers = await db
    .select({
      amount: sandboxTransfers.amount,
      description: sandboxTransfers.description,
      createdAt: sandboxTransfers.createdAt,
    })
    .from(sandboxTransfers)
    .where(eq(sandboxTransfers.accountId, accountId))
    .orderBy(desc(sandboxTransfers.createdAt));
  return { balance: transfers.reduce((sum, t) => sum + t.amount, 0), transfers };
}

/**
 * Money the sandbox provider returned to clients of this account's offers (a payment that came
 * in after the offer was already paid, a hearing the court cancelled, a dispute settled with a
 * refund): not the lawyer's money, listed so the dashboard shows
 * what happened to every payment of their offers.
 */
export async function sandboxAccountRefunds(db: DbOrTx, accountId: string): Promise<SandboxRefund[]> {
  return db
    .select({
      amount: sandboxRefunds.amount,
      description: offers.title,
      paymentRef: sandboxRefunds.paymentRef,
      createdAt: sandboxRefunds.createdAt,
    })
    .from(sandboxRefunds)
    .innerJoin(
      offerPayments,
      and(eq(offerPayments.provider, 'sandbox'), eq(offerPayments.paymentRef, sandboxRefunds.paymentRef)),
    )
    .innerJoin(offers, eq(offers.id, offerPayments.offerId))
    .innerJoin(profiles, eq(profiles.id, offers.profileId))
    .innerJoin(paymentAccounts, eq(paymentAccounts.userId, profiles.userId))
    .where(eq(paymentAccounts.accountId, accountId))
    .orderBy(desc(sandboxRefunds.createdAt));
}
