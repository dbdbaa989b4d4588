import type { FastifyBaseLogger } from 'fastify';
import { jobRuns } from './metrics.js';

/**
 * Runs `task` every `intervalMs` (never two runs at once in this process). Tasks must be safe
 * to run on several instances at the same time (conditional updates, claimed rows).
 * Returns a function that stops the job and waits for a run in progress.
 */
export function startRepeatingJob(
  name: string,
  intervalMs: number,
  task: () => Promise<unknown>,
  log: FastifyBaseLogger,
): () => Promise<void> {
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = task()
      .then(() => jobRuns.inc({ job: name, outcome: 'ok' }))
      .catch((err: unknown) => {
        jobRuns.inc({ job: name, outcome: 'error' });
        log.error({ err, job: name }, `job ${name} failed`);
      })
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
