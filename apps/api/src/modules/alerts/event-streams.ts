import type { ServerResponse } from 'node:http';
import type { BoardChangedEvent } from '@substytut/shared';
import type { LiveBus } from './live.ts';

export const HEARTBEAT_MS = 25_000;

/**
 * The open `GET /api/board/events` streams of this instance: every board change the live bus
 * delivers goes to each as a `board-changed` event, with a comment line every 25 s so proxies keep
 * the connection; closing ends them all (shutdown).
 */
export interface EventStreams {
  add(response: ServerResponse): void;
  readonly size: number;
  closeAll(): void;
}

export function createEventStreams(live: LiveBus, heartbeatMs = HEARTBEAT_MS): EventStreams {
  const open = new Set<ServerResponse>();
  const write = (chunk: string) => {
    for (const response of open) response.write(chunk);
  };
  let timer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;

  const ensureRunning = () => {
    unsubscribe ??= live.subscribe((event: BoardChangedEvent) =>
      write(`event: board-changed\ndata: ${JSON.stringify(event)}\n\n`),
    );
    if (!timer) {
      timer = setInterval(() => write(': heartbeat\n\n'), heartbeatMs);
      timer.unref();
    }
  };
  const stopWhenIdle = () => {
    if (open.size > 0) return;
    if (timer) clearInterval(timer);
    timer = undefined;
    unsubscribe?.();
    unsubscribe = undefined;
  };

  return {
    add(response) {
      open.add(response);
      ensureRunning();
      response.on('close', () => {
        open.delete(response);
        stopWhenIdle();
      });
    },
    get size() {
      return open.size;
    },
    closeAll() {
      for (const response of open) response.end();
      open.clear();
      stopWhenIdle();
    },
  };
}
