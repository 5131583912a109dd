/**
 * The test suite's record of which SQL statements each database ran (TEST_STATEMENT_LOG_DIR).
 * `npm test` runs part of its tests on one database only; test/run-suite.ts (with
 * test/statements/compare-statements.ts) then fails when a statement was run on PGlite but never on PostgreSQL, or the other way round, so
 * neither database can fall behind unseen.
 *
 * Each process appends a statement the first time it sees it, one JSON string a line, to a file of
 * its own (`<kind>-<pid>.jsonl`): appended at once rather than at exit, because the reliability
 * suite SIGKILLs servers. Only the statement's text is written, never its parameters. A production
 * deployment never records (the variable is ignored there).
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from 'drizzle-orm';

export const STATEMENT_LOG_VARIABLE = 'TEST_STATEMENT_LOG_DIR';

/**
 * One text for one statement, however many rows or list items it carried: a placeholder, or a run of
 * them (`$1, $2, $3`), becomes one `$`, and the repeated row tuples of a multi-row insert one tuple.
 */
export function normalizeStatement(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\$\d+/g, '$')
    .replace(/\$(?:, \$)+/g, '$')
    .replace(/(\([^()]*\))(?:, \1)+/g, '$1');
}

/** Drizzle's options for a database of this kind: a recording logger, or none when this process is not asked to record. */
export function statementLogging(kind: 'pglite' | 'postgres'): { logger?: Logger } {
  const dir = process.env[STATEMENT_LOG_VARIABLE];
  if (!dir || process.env.DEPLOYMENT === 'production') return {};
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${kind}-${process.pid}.jsonl`);
  const seen = new Set<string>();
  const logger: Logger = {
    logQuery(query) {
      const statement = normalizeStatement(query);
      if (seen.has(statement)) return;
      seen.add(statement);
      appendFileSync(file, `${JSON.stringify(statement)}\n`);
    },
  };
  return { logger };
}

/** For a child process (a server, a CLI) started with an environment of its own: records into the same place. */
export function statementLogEnv(): Record<string, string> {
  const dir = process.env[STATEMENT_LOG_VARIABLE];
  return dir ? { [STATEMENT_LOG_VARIABLE]: dir } : {};
}
