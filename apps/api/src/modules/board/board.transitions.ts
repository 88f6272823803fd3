import type { BoardRequestState } from '@substytut/shared';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { boardRequests } from '../../db/schema/board.ts';
import type { BoardRequestRow } from './board.deps.ts';

/**
 * The request's states as data (docs/board.md): every change is one conditional update from the
 * states listed, so two racing changes (two picks, a pick and the clock, a payment and a lapse)
 * never both succeed.
 */
export const BOARD_TRANSITIONS = {
  /** the poster picks an answer, or the first acceptance of the fixed fee takes it (auto-assign) */
  assign: { from: ['open'], to: 'assigned' },
  /** the picked answer was not paid in time: back to open, the poster may pick again */
  lapse: { from: ['assigned'], to: 'open' },
  /** the created offer was paid (a payment event) */
  pay: { from: ['assigned'], to: 'paid' },
  /** the answer deadline passed with nobody picked (the clock), or a lapse after the deadline */
  expire: { from: ['open', 'assigned'], to: 'expired' },
  /** the poster withdraws the request before payment */
  cancel: { from: ['open', 'assigned'], to: 'cancelled' },
  /** an administrator hides it, with a reason, in any state before paid */
  hide: { from: ['open', 'assigned', 'expired', 'cancelled'], to: 'hidden' },
} as const satisfies Record<string, { from: readonly BoardRequestState[]; to: BoardRequestState }>;

export type BoardAction = keyof typeof BOARD_TRANSITIONS;

type Columns = Partial<Omit<typeof boardRequests.$inferInsert, 'id' | 'state'>>;

/**
 * Applies `action` to the request when it is in one of the action's states (and `where` holds):
 * the changed row, or null when another change came first.
 */
export async function tryBoardTransition(
  db: DbOrTx,
  requestId: string,
  action: BoardAction,
  now: Date,
  set: Columns = {},
  where?: SQL,
): Promise<BoardRequestRow | null> {
  const { from, to } = BOARD_TRANSITIONS[action];
  const [row] = await db
    .update(boardRequests)
    .set({ ...set, state: to, updatedAt: now })
    .where(and(eq(boardRequests.id, requestId), inArray(boardRequests.state, [...from]), where))
    .returning();
  return row ?? null;
}
