/** A worker that does one pass over its queue at a time (the mail and KSeF outboxes). */
export interface PassWorker {
  runOnce(): Promise<number>;
}

export interface Polling {
  runOnce(): Promise<number>;
  /** Stops polling and waits for a running pass to finish. */
  stop(): Promise<void>;
}

/**
 * Runs `worker` now and then `intervalMs` after each pass ends (never two passes at once). A failed
 * pass is logged under `label` and the next one still comes.
 */
export function startPolling(
  worker: PassWorker,
  options: { intervalMs: number; label: string; log?: { error(obj: object, msg: string): void } | undefined },
): Polling {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  const tick = () => {
    if (stopped) return;
    running = worker
      .runOnce()
      .catch((error: unknown) => options.log?.error({ err: error }, `${options.label} pass failed`))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, options.intervalMs);
      });
  };
  tick();

  return {
    runOnce: () => worker.runOnce(),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
