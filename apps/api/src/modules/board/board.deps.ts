import type { BoardChangedEvent } from '@substytut/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { boardRequests } from '../../db/schema/board.ts';
import type { Clock } from '../app/clock.ts';
import type { Config } from '../app/config.ts';
import type { LifecycleDeps } from '../offers/index.ts';

export type BoardRequestRow = typeof boardRequests.$inferSelect;

/**
 * Who is told of the board's changes: the alerts (b32-alerts' `createBoardAlerts`, wired by the
 * composition root; a no-op until then). The board imports nothing of alerts.
 */
export interface BoardNotifier {
  /** Inside the posting transaction: queue the alerts of a new request (outbox). */
  requestPosted(tx: DbOrTx, request: BoardRequestRow): Promise<void>;
  /** After a change (state, new/changed/withdrawn answer): tell open boards, live. */
  requestChanged(change: BoardChangedEvent): Promise<void>;
}

/** Tells nobody: the board works without alerts (and before they are wired). */
export const silentBoardNotifier: BoardNotifier = {
  requestPosted: async () => undefined,
  requestChanged: async () => undefined,
};

/** What every step of the board needs; built once, in the composition root. */
export interface BoardDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  config: Pick<Config, 'publicUrl' | 'supportEmail'>;
  notifier: BoardNotifier;
  /** the offer lifecycle: a pick creates the substitute's offer through offers' face */
  lifecycle: LifecycleDeps;
}
