/**
 * `npm run statements -- --year 2026 [--dry-run] [--before-year-end]` (issue 20): queues every
 * donor's year-end statement for the year in the outbox, once per donor per year however often it
 * is run, with a progress line per batch and a summary. The server's mail worker sends them (on
 * PGlite, stop the server first: the command needs the database to itself; the statements go out at
 * its next start). A year that has not ended at the foundation is refused without --before-year-end:
 * its later gifts would be on no statement.
 */
import { calendarDay } from '@store/shared/monthly-giving';
import { countOf, exclusionText, isYearOpen, openYearConsequence } from '@store/shared/year-end-statements';
import { type Config, loadConfig } from '#src/config';
import { previewStatements } from '#src/modules/statements/preview-statements';
import { sendYearEndStatements } from '#src/modules/statements/send-statements';
import { loadSite } from '#src/site/load-site';
import { CliError } from './cli-error';
import { parseFlags, requiredFlag } from './flags';
import { withMigratedDatabase } from './open-migrated-database';

export const STATEMENTS_USAGE = `Usage:
  npm run statements -- --year <YYYY> [--dry-run] [--before-year-end]

Queues one year-end giving statement (PDF attached) per donor who gave in that calendar year, in
the foundation's time zone. Run it again safely: a donor's statement for a year is queued once.
--dry-run counts what would be queued, says what is left out and why, and changes nothing.
--before-year-end sends for a year that has not ended yet at the foundation, knowing that the
donors' gifts from then to December 31 will never be on a statement.
Settings as for the server: DATABASE_URL, or DATA_DIR (PGlite: stop the server first).`;

export async function runStatementsCommand(
  args: readonly string[],
  out: { log: (line: string) => void },
  config: Config = loadConfig(),
  now = new Date(),
): Promise<void> {
  const flags = parseFlags(args, { values: ['year'], switches: ['dry-run', 'before-year-end'] }, STATEMENTS_USAGE);
  const yearText = requiredFlag(flags, 'year', STATEMENTS_USAGE);
  const year = Number(yearText);
  const site = loadSite(config.siteConfigPath);
  const { timeZone } = site.foundation;
  // The foundation's year, not the machine's: on New Year's Eve evening in Chicago it is already
  // next year in UTC, and that year has no statements to send yet.
  const thisYear = Number(calendarDay(now, timeZone).slice(0, 4));
  if (!/^\d{4}$/.test(yearText) || year < 2000 || year > thisYear) {
    throw new CliError(`--year: "${yearText}" is not a year between 2000 and ${thisYear}.\n\n${STATEMENTS_USAGE}`, 2);
  }
  const dryRun = flags.switches.has('dry-run');
  if (!dryRun && isYearOpen(year, timeZone, now) && !flags.switches.has('before-year-end')) {
    throw new CliError(
      `Nothing was queued. ${openYearConsequence(year, timeZone)} Run it after the year has ended, or add --before-year-end to send now anyway.`,
      2,
    );
  }
  await withMigratedDatabase(config, async (connection) => {
    const summary = await sendYearEndStatements({
      db: connection.db,
      year,
      timeZone,
      dryRun,
      onProgress: (done, total) => out.log(`${done} of ${total} donors looked at`),
    });
    const donors = countOf(summary.donors, 'donor gets', 'donors get');
    const queued = countOf(summary.queued, 'statement', 'statements');
    if (dryRun) {
      for (const exclusion of (await previewStatements(connection.db, year, timeZone)).exclusions) {
        out.log(exclusionText(exclusion));
      }
    }
    out.log(
      dryRun
        ? `Dry run for ${year}: ${donors} a statement; ${queued} would be queued, ${summary.alreadyQueued} were queued by an earlier run. Nothing was changed.`
        : `Statements for ${year}: ${donors} a statement; ${queued} queued now, ${summary.alreadyQueued} already queued by an earlier run. The server's mail worker sends them.`,
    );
  });
}
