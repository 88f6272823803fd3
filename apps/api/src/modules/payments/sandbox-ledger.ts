import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sandboxTransfers } from '../../db/schema/checkout.ts';

export interface SandboxTransfer {
  /** grosze */
  amount: number;
  description: string;
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
