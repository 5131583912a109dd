/**
 * Runs the refund reconciler at start and then every minute, beside the checkout's (main.ts starts
 * both where the mail worker runs). Runs never overlap; a failed run is logged and the next one
 * tries again; `stop()` waits for a run in progress, for a clean shutdown.
 */
import { type ReconcileRefundsOptions, reconcilePendingRefunds } from './reconcile-refunds';

export const REFUND_RECONCILE_INTERVAL_MS = 60_000;

export function startRefundReconciler(options: ReconcileRefundsOptions & { intervalMs?: number }): () => Promise<void> {
  const { intervalMs = REFUND_RECONCILE_INTERVAL_MS, ...reconcileOptions } = options;
  const { logger } = options;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const run = () => {
    running = reconcilePendingRefunds(reconcileOptions)
      .then((summary) => {
        if (summary.succeeded + summary.failed + summary.stillPending > 0)
          logger.info(summary, 'refund reconciler run');
      })
      .catch((error: unknown) => logger.error({ err: error }, 'refund reconciler run failed'))
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
