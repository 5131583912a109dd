/**
 * Prints the figures of the latest reliability run (support/figures.ts) as the Markdown tables
 * RELIABILITY.md quotes: `node --import tsx reliability/summarize.ts` (npm run test:reliability
 * runs it after the suite).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { RESULTS_DIR } from './support/figures';

const DATABASES = ['pglite', 'postgres'] as const;
type Database = (typeof DATABASES)[number];

const record = z.record(z.string(), z.unknown());

function read(database: Database, suite: string): Record<string, unknown> | undefined {
  const file = join(RESULTS_DIR, database, `${suite}.json`);
  return existsSync(file) ? record.parse(JSON.parse(readFileSync(file, 'utf8'))) : undefined;
}

const fuzzSchema = z.object({
  runsPerPart: z.number(),
  totalCases: z.number(),
  endpoints: z.record(
    z.string(),
    z.record(z.string(), z.object({ cases: z.number(), statuses: z.record(z.string(), z.number()) })),
  ),
  notYetBuilt: z.array(z.string()),
});

const crashSchema = z.looseObject({
  crashes: z.number(),
  checkoutsAttempted: z.number(),
  acknowledgedSuccesses: z.number(),
  acknowledgedAfterRetry: z.number(),
  acknowledgedLost: z.number(),
  doubleCharges: z.number(),
  pendingBeforeReconciliation: z.number(),
  pending: z.number(),
  reconciled: z.number(),
  succeededCents: z.number(),
  chargedCents: z.number(),
  disagreements: z.array(z.string()),
  finalAnswers: z.record(z.string(), z.number()),
});

function statuses(counts: Record<string, number>): string {
  return Object.entries(counts)
    .map(([status, n]) => `${status}×${n}`)
    .join(' ');
}

function dollars(cents: number): string {
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
}

const lines: string[] = [`Results from ${RESULTS_DIR}`, ''];

for (const database of DATABASES) {
  if (!existsSync(join(RESULTS_DIR, database))) continue;
  lines.push(`## ${database === 'pglite' ? 'PGlite' : 'PostgreSQL'}`, '');
  const fuzz = fuzzSchema.safeParse(read(database, 'fuzz-endpoints'));
  if (fuzz.success) {
    lines.push(`Hostile input: ${fuzz.data.totalCases} cases, ${fuzz.data.runsPerPart} per endpoint and part.`, '');
    lines.push('| endpoint | part | cases | answers |', '| --- | --- | ---: | --- |');
    for (const [endpoint, parts] of Object.entries(fuzz.data.endpoints)) {
      for (const [part, figures] of Object.entries(parts)) {
        lines.push(`| \`${endpoint}\` | ${part} | ${figures.cases} | ${statuses(figures.statuses)} |`);
      }
    }
    if (fuzz.data.notYetBuilt.length > 0) lines.push('', `Skipped (no route yet): ${fuzz.data.notYetBuilt.join(', ')}`);
    lines.push('');
  }
  const crash = crashSchema.safeParse(read(database, 'crash'));
  if (crash.success) {
    const c = crash.data;
    lines.push(
      '| crash figure | value |',
      '| --- | ---: |',
      `| SIGKILLs survived | ${c.crashes} |`,
      `| checkouts attempted | ${c.checkoutsAttempted} |`,
      `| final answers | ${statuses(c.finalAnswers)} |`,
      `| acknowledged successes (200) | ${c.acknowledgedSuccesses} (${c.acknowledgedAfterRetry} after a retry across a crash) |`,
      `| acknowledged checkouts lost | ${c.acknowledgedLost} |`,
      `| double charges | ${c.doubleCharges} |`,
      `| pending before / after reconciliation | ${c.pendingBeforeReconciliation} / ${c.pending} |`,
      `| orders settled by the reconciler | ${c.reconciled} |`,
      `| succeeded orders / charged in the gateway's ledger | ${dollars(c.succeededCents)} / ${dollars(c.chargedCents)} |`,
      `| order/ledger disagreements | ${c.disagreements.length} |`,
      '',
    );
  }
  const others = readdirSync(join(RESULTS_DIR, database))
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.replace(/\.json$/, ''))
    .filter((suite) => suite !== 'fuzz-endpoints' && suite !== 'crash');
  for (const suite of others) {
    const { suite: _suite, database: _database, finishedAt: _finishedAt, ...figures } = read(database, suite) ?? {};
    lines.push(
      `<details><summary>${suite}</summary>`,
      '',
      '```json',
      JSON.stringify(figures, null, 2),
      '```',
      '',
      '</details>',
      '',
    );
  }
}

console.log(lines.join('\n'));
