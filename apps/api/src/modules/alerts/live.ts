import { boardChangedEventSchema, type BoardChangedEvent } from '@substytut/shared';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.ts';

export const BOARD_CHANNEL = 'board_changed';

/**
 * Live updates of the board across instances (issue 32, decision 040): a change is published with
 * `NOTIFY board_changed, '<json>'` (pg_notify), and every instance LISTENs on one dedicated
 * connection and hands each event to its own open event streams. On PGlite (one process) its own
 * listen/notify does the same; a database without listen (made by hand in a test) falls back to
 * this process only.
 */
export interface LiveBus {
  publish(event: BoardChangedEvent): Promise<void>;
  subscribe(handler: (event: BoardChangedEvent) => void): () => void;
  /** starts listening (once); resolves when the LISTEN is in place */
  start(): Promise<void>;
  close(): Promise<void>;
}

export function createLiveBus(
  db: Db,
  listen: Database['listen'],
  log?: { warn(obj: object, msg: string): void },
): LiveBus {
  const handlers = new Set<(event: BoardChangedEvent) => void>();
  const deliver = (event: BoardChangedEvent) => {
    for (const handler of handlers) handler(event);
  };
  let stop: (() => Promise<void>) | undefined;
  let starting: Promise<void> | undefined;
  let closed = false;

  return {
    async publish(event) {
      const parsed = boardChangedEventSchema.parse(event);
      if (!listen) {
        deliver(parsed);
        return;
      }
      await db.execute(sql`select pg_notify(${BOARD_CHANNEL}, ${JSON.stringify(parsed)})`);
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    start() {
      if (!listen || closed) return Promise.resolve();
      starting ??= listen(BOARD_CHANNEL, (payload) => {
        let event: BoardChangedEvent;
        try {
          event = boardChangedEventSchema.parse(JSON.parse(payload));
        } catch (error) {
          log?.warn({ err: error }, 'board_changed: a payload that is not an event');
          return;
        }
        deliver(event);
      }).then((unlisten) => {
        stop = unlisten;
        if (closed) void unlisten();
      });
      return starting;
    },
    async close() {
      closed = true;
      handlers.clear();
      await starting?.catch(() => undefined);
      await stop?.();
    },
  };
}
