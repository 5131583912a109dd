/**
 * Runs the reconciler at start and then every minute (issue 3: "settled at start and every
 * minute"). Runs never overlap: the next is scheduled when the previous one ends. A failed run is
 * logged and the next one tries again. `stop()` waits for a run in progress, for a clean shutdown.
 */
import { type ReconcileOptions, type ReconcileSummary, reconcilePendingOrders } from './reconcile';

export const RECONCILE_INTERVAL_MS = 60_000;

export type StartReconcilerOptions = ReconcileOptions & {
  intervalMs?: number;
  /** Told after each run how it went (the metrics count runs and what they settled). */
  onRun?: ((result: ReconcileSummary | 'failed') => void) | undefined;
};

export function startReconciler(options: StartReconcilerOptions): () => Promise<void> {
  const { intervalMs = RECONCILE_INTERVAL_MS, onRun, ...reconcileOptions } = options;
  const { logger } = options;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const run = () => {
    running = reconcilePendingOrders(reconcileOptions)
      .then((summary) => {
        if (summary.succeeded + summary.failed + summary.stillPending > 0) logger.info(summary, 'reconciler run');
        onRun?.(summary);
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, 'reconciler run failed');
        onRun?.('failed');
      })
      .finally(() => {
        if (!stopped) timer = setTimeout(run, intervalMs);
      });
  };
  run();

  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
