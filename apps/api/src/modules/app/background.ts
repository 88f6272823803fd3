import type { FastifyBaseLogger } from 'fastify';

/** Work started by a request that its answer does not wait for. */
export interface BackgroundTasks {
  /** Starts the task after the current answer is on its way; a failure is logged, never thrown. */
  run(label: string, task: () => Promise<unknown>): void;
  /** Resolves when every task started so far (and any they started) has finished. */
  idle(): Promise<void>;
}

export function createBackgroundTasks(log: FastifyBaseLogger): BackgroundTasks {
  const pending = new Set<Promise<void>>();
  return {
    run(label, task) {
      const job = new Promise<void>((resolve) => setImmediate(resolve)).then(task).then(
        () => undefined,
        (err: unknown) => log.error({ err, task: label }, 'background task failed'),
      );
      pending.add(job);
      void job.finally(() => pending.delete(job));
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
