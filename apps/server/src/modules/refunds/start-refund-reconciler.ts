/**
 * Runs the refund reconciler at start and then every minute, beside the checkout's (main.ts starts
 * both where the mail worker runs), as a periodic job (lib/start-periodic.ts: runs never overlap,
 * `stop()` waits for one in progress).
 */
import { startPeriodic } from '#src/lib/start-periodic';
import { type ReconcileRefundsOptions, reconcilePendingRefunds } from './reconcile-refunds';

export const REFUND_RECONCILE_INTERVAL_MS = 60_000;

export function startRefundReconciler(options: ReconcileRefundsOptions & { intervalMs?: number }): () => Promise<void> {
  const { intervalMs = REFUND_RECONCILE_INTERVAL_MS, ...reconcileOptions } = options;
  const { logger } = options;
  return startPeriodic({
    name: 'refund reconciler',
    intervalMs,
    logger,
    run: async () => {
      const summary = await reconcilePendingRefunds(reconcileOptions);
      if (summary.succeeded + summary.failed + summary.stillPending > 0) logger.info(summary, 'refund reconciler run');
    },
  });
}
