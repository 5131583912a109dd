/**
 * The billing scheduler of the worker role (main.ts starts it where the mail worker runs): a billing
 * run as of today in the foundation's zone at start and then every BILLING_INTERVAL_MINUTES, as a
 * periodic job (lib/start-periodic.ts: runs never overlap, `stop()` waits for one in progress).
 * Several workers may run it at once: a period is charged once whatever runs (claim-charges.ts).
 */
import { calendarDay } from '@store/shared/monthly-giving';
import { startPeriodic } from '#src/lib/start-periodic';
import type { BillingSettings } from './billing-settings';
import { type BillingSummary, type RunBillingOptions, runBilling } from './run-billing';

export type StartBillingOptions = Omit<RunBillingOptions, 'asOf' | 'dryRun' | keyof BillingSettings> & {
  /** Receipt numbering and merchant accounts as the site stands at each run (billing-settings.ts). */
  settings: () => Promise<BillingSettings>;
  timeZone: string;
  intervalMs: number;
  /** The clock, for tests. */
  now?: () => Date;
};

export function startBilling(options: StartBillingOptions): () => Promise<void> {
  const { timeZone, intervalMs, now = () => new Date(), settings, ...runOptions } = options;
  return startPeriodic<BillingSummary>({
    name: 'billing',
    intervalMs,
    logger: options.logger,
    run: async () =>
      runBilling({ ...runOptions, ...(await settings()), asOf: calendarDay(now(), timeZone), dryRun: false }),
  });
}
