/**
 * Runs the reconciler at start and then every minute (issue 3: "settled at start and every
 * minute"), as a periodic job (lib/start-periodic.ts: runs never overlap, `stop()` waits for one in
 * progress). Each run also queues the tribute cards a settlement left unqueued.
 */
import { startPeriodic } from '#src/lib/start-periodic';
import type { ReceiptSettings } from '#src/modules/ledger/index';
import { queueMissingTributeCards } from '#src/modules/tributes/queue-tribute-card';
import { type ReconcileOptions, type ReconcileSummary, reconcilePendingOrders } from './reconcile';

export const RECONCILE_INTERVAL_MS = 60_000;

export type StartReconcilerOptions = Omit<ReconcileOptions, 'receipts'> & {
  /** Receipt numbering as the entities stand at each run (the owner may add one, with its series). */
  receipts: () => Promise<ReceiptSettings>;
  intervalMs?: number;
  /** Told after each run how it went (the metrics count runs and what they settled). */
  onRun?: ((result: ReconcileSummary | 'failed') => void) | undefined;
};

export function startReconciler(options: StartReconcilerOptions): () => Promise<void> {
  const { intervalMs = RECONCILE_INTERVAL_MS, onRun, receipts, ...reconcileOptions } = options;
  const { logger } = options;
  return startPeriodic({
    name: 'reconciler',
    intervalMs,
    logger,
    run: async () => {
      const summary = await reconcilePendingOrders({ ...reconcileOptions, receipts: await receipts() });
      if (summary.succeeded + summary.failed + summary.stillPending > 0) logger.info(summary, 'reconciler run');
      // Tribute cards of paid gifts that have none yet: the reconciler's own settlements, and a
      // checkout that died between its settlement and its card (tributes/queue-tribute-card.ts).
      const cards = await queueMissingTributeCards(options.db);
      if (cards > 0) options.mail?.kick();
      return summary;
    },
    onRun,
  });
}
