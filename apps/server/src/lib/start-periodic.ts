/**
 * A job run at start and then every `intervalMs` (the reconcilers, the billing run). Runs never
 * overlap: the next is scheduled when the previous one ends. A failed run is logged and the next
 * one tries again. `stop()` waits for a run in progress, for a clean shutdown.
 */
import type { FastifyBaseLogger } from 'fastify';

export type PeriodicJob<Result> = {
  /** For the log: 'reconciler', 'refund reconciler', 'billing'. */
  name: string;
  intervalMs: number;
  logger: Pick<FastifyBaseLogger, 'error'>;
  run: () => Promise<Result>;
  /** Told after each run how it went. */
  onRun?: ((result: Result | 'failed') => void) | undefined;
};

export function startPeriodic<Result>(job: PeriodicJob<Result>): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const run = () => {
    running = job
      .run()
      .then((result) => job.onRun?.(result))
      .catch((error: unknown) => {
        job.logger.error({ err: error }, `${job.name} run failed`);
        job.onRun?.('failed');
      })
      .finally(() => {
        if (!stopped) timer = setTimeout(run, job.intervalMs);
      });
  };
  run();

  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
