// The face of alerts (issue 32): what a substitute covers and how they are told of board requests.
import type { BoardChangedEvent } from '@substytut/shared';
import type { Database, Db, DbOrTx } from '../../db/client.ts';
import type { boardRequests } from '../../db/schema.ts';
import type { Clock } from '../app/clock.ts';
import type { Config } from '../app/config.ts';
import type { AlertsDeps, AlertsLog } from './alerts.deps.ts';
import { queueRequestAlerts } from './alerts.outbox.ts';
import { createLiveBus } from './live.ts';
import { createPushTransport, type PushTransport } from './push.ts';

export { alertsRoutes } from './alerts.routes.ts';
export { startAlertsWorker, createAlertsWorker, type AlertsWorker } from './alerts.worker.ts';
export { runDailyDigest, DIGEST_HOUR } from './alerts.digest.ts';
export type { AlertsDeps } from './alerts.deps.ts';
export { createRecordingPush, type PushTransport, type RecordingPush } from './push.ts';

/**
 * What the board calls (its `BoardNotifier`, satisfied structurally): queue a new request's alerts
 * inside its posting transaction, and tell every open board of a change.
 */
export interface BoardAlerts {
  requestPosted(tx: DbOrTx, request: typeof boardRequests.$inferSelect): Promise<void>;
  requestChanged(change: BoardChangedEvent): Promise<void>;
  /** what the routes, the worker and the digest run with */
  readonly deps: AlertsDeps;
}

export interface BoardAlertsOptions {
  db: Db;
  clock: Clock;
  config: Config;
  log: AlertsLog;
  /** the database's LISTEN (app.dbListen); absent: live updates stay in this process */
  listen: Database['listen'];
  /** default: web-push (or its recorder without VAPID settings) */
  push?: PushTransport;
}

export function createBoardAlerts(options: BoardAlertsOptions): BoardAlerts {
  const { db, clock, config, log } = options;
  const deps: AlertsDeps = {
    db,
    clock,
    log,
    mail: { publicUrl: config.publicUrl, supportEmail: config.supportEmail },
    push: options.push ?? createPushTransport(config),
    live: createLiveBus(db, options.listen, log),
  };
  return {
    deps,
    async requestPosted(tx, request) {
      await queueRequestAlerts(tx, request, clock.now());
    },
    async requestChanged(change) {
      await deps.live.publish(change);
    },
  };
}
