import type { DbOrTx } from '../../db/client.ts';

export interface SandboxTransfer {
  /** grosze */
  amount: number;
  description: string;
  createdAt: Date;
}

/**
 * Money the sandbox provider holds for a connected account, shown on its dashboard page. Nothing
 * moves money yet: the payments feature (checkout and transfers) fills these in.
 */
export async function sandboxAccountLedger(
  _db: DbOrTx,
  _accountId: string,
): Promise<{ balance: number; transfers: SandboxTransfer[] }> {
  return { balance: 0, transfers: [] };
}
