/**
 * `npm run billing -- [--as-of YYYY-MM-DD] [--dry-run] [--json]` (issue 22): charges every monthly
 * gift due by that day (default: today in the foundation's zone), exactly once per period however
 * often it is run or whatever else runs it (modules/monthly-giving/run-billing.ts), and prints a
 * summary, or with --json ONE JSON object. The receipts and notices it queues are sent by the
 * server's mail worker (on PGlite, stop the server first: the command needs the database to itself;
 * they go out at its next start).
 */
import { calendarDay, isCalendarDay } from '@store/shared/monthly-giving';
import { type Config, loadConfig } from '#src/config';
import { resolveSecrets } from '#src/db/secrets';
import { createLogger } from '#src/logger';
import { billingSettingsOf } from '#src/modules/monthly-giving/billing-settings';
import { type BillingSummary, runBilling } from '#src/modules/monthly-giving/run-billing';
import { createGateway } from '#src/modules/payments/create-gateway';
import { createSiteContentStore } from '#src/modules/site-content/site-content-store';
import { loadSite } from '#src/site/load-site';
import { CliError } from './cli-error';
import { parseFlags } from './flags';
import { withMigratedDatabase } from './open-migrated-database';

export const BILLING_USAGE = `Usage:
  npm run billing -- [--as-of <YYYY-MM-DD>] [--dry-run] [--json]

Charges every monthly gift due by that day (default: today in the foundation's time zone), once per
gift and month, and retries declined cards on their schedule. Run it again safely: a month already
charged is never charged again. --dry-run counts what is due and changes nothing. --json prints one
JSON object. Settings as for the server: DATABASE_URL, or DATA_DIR (PGlite: stop the server first).`;

export type BillingArgs = { asOf: string | undefined; dryRun: boolean; json: boolean };

export function parseBillingArgs(args: readonly string[]): BillingArgs {
  const flags = parseFlags(args, { values: ['as-of'], switches: ['dry-run', 'json'] }, BILLING_USAGE);
  const asOf = flags.values.get('as-of');
  if (asOf !== undefined && !isCalendarDay(asOf)) {
    throw new CliError(`--as-of: "${asOf}" is not a day written YYYY-MM-DD.\n\n${BILLING_USAGE}`, 2);
  }
  return { asOf, dryRun: flags.switches.has('dry-run'), json: flags.switches.has('json') };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function billingReport(s: BillingSummary): string {
  const dollars = `$${(s.chargedCents / 100).toFixed(2)}`;
  if (s.dryRun) {
    return `Dry run as of ${s.asOf}: ${plural(s.due, 'monthly gift is', 'monthly gifts are')} due (${s.alreadyPaid} already paid, ${s.stillPending} awaiting the gateway). Nothing was changed.`;
  }
  return [
    `Billing as of ${s.asOf}: ${plural(s.charged, 'charge', 'charges')} made (${dollars}), ${plural(s.declined, 'decline', 'declines')} (${s.retriesScheduled} to be retried, ${plural(s.paused, 'gift', 'gifts')} paused).`,
    `${s.alreadyPaid} already paid, ${s.stillPending} awaiting the gateway (the reconciler settles them). The server's mail worker sends the receipts.`,
  ].join('\n');
}

export async function runBillingCommand(
  args: readonly string[],
  out: { log: (line: string) => void },
  config: Config = loadConfig(),
): Promise<void> {
  const parsed = parseBillingArgs(args);
  const site = loadSite(config.siteConfigPath);
  const asOf = parsed.asOf ?? calendarDay(new Date(), site.foundation.timeZone);
  await withMigratedDatabase(config, async ({ db }) => {
    const gateway = await createGateway({ config, db, secrets: await resolveSecrets(config, db) });
    const summary = await runBilling({
      db,
      gateway,
      // Warnings and errors only, on stderr: stdout is the summary (or the JSON).
      logger: createLogger('warn', process.stderr),
      // The entities as the owner edited them in the back office, not as site.json first had them.
      ...billingSettingsOf((await createSiteContentStore({ db, site }).current()).site),
      asOf,
      dryRun: parsed.dryRun,
    });
    out.log(parsed.json ? JSON.stringify(summary) : billingReport(summary));
  });
}
