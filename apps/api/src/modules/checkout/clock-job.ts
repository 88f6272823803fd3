import type { FastifyInstance } from 'fastify';
import { runMyDataSweeps } from '../my-data/my-data.routes.ts';
import { checkoutDepsOf } from './checkout.routes.ts';
import { runClockJob, type ClockJobResult } from './checkout.service.ts';

export { runClockJob, type ClockJobResult };

export const CLOCK_JOB_INTERVAL_MS = 60 * 1000;

/**
 * Runs the clock job every minute in this process (started by server.ts). Instances need no
 * coordination: every step of the job is safe to run twice or at once.
 */
export function startClockJob(
  app: FastifyInstance,
  intervalMs = CLOCK_JOB_INTERVAL_MS,
): { stop(): Promise<void> } {
  const deps = checkoutDepsOf(app);
  const log = app.log.child({ component: 'clock-job' });
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = runClockJob(deps)
      .then((result) => {
        if (result.expired || result.archived || result.payoutsSent) log.info(result, 'clock job');
      })
      .then(() => runMyDataSweeps(app))
      .then((swept) => {
        if (swept.exportsPurged || swept.accountsPurged) log.info(swept, 'clock job: my data');
      })
      .catch((error: unknown) => log.error({ err: error }, 'clock job failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
