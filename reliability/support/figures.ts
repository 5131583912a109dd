/**
 * The figures a run measured (cases tried, crashes survived, checkouts lost, ...), one JSON file per
 * suite and database under RELIABILITY_RESULTS (default: <tmp>/reliability-results). After a run,
 * `node --import tsx reliability/summarize.ts` prints them as the tables RELIABILITY.md quotes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DATABASE_KIND } from './scale';

export const RESULTS_DIR = process.env.RELIABILITY_RESULTS ?? join(tmpdir(), 'reliability-results');

type Figures = Record<string, unknown>;

export function recordFigures(suite: string, figures: Figures): void {
  const dir = join(RESULTS_DIR, DATABASE_KIND);
  mkdirSync(dir, { recursive: true });
  const record = { suite, database: DATABASE_KIND, finishedAt: new Date().toISOString(), ...figures };
  writeFileSync(join(dir, `${suite}.json`), `${JSON.stringify(record, null, 2)}\n`);
}
