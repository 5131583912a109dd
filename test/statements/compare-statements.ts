/**
 * Compares what each database ran during a test run (apps/server/src/db/statement-log.ts writes
 * `<kind>-<pid>.jsonl` files): every statement must have run on PGlite and on PostgreSQL, except
 * those listed in ONE_DATABASE_ONLY with the reason they cannot run on the other.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { normalizeStatement } from '../../apps/server/src/db/statement-log';

export type Kind = 'pglite' | 'postgres';

/** Statements that exist for one database alone, by design. Each says why. */
export const ONE_DATABASE_ONLY: { kind: Kind; pattern: RegExp; why: string }[] = [];

export function readStatements(dir: string): Record<Kind, Set<string>> {
  const seen: Record<Kind, Set<string>> = { pglite: new Set(), postgres: new Set() };
  for (const name of readdirSync(dir)) {
    const kind = name.startsWith('pglite-') ? 'pglite' : name.startsWith('postgres-') ? 'postgres' : undefined;
    if (!kind || !name.endsWith('.jsonl')) continue;
    for (const line of readFileSync(join(dir, name), 'utf8').split('\n')) {
      // A process SIGKILLed mid-write leaves half a line: the whole statement is on another line or run.
      if (line === '') continue;
      try {
        // Normalized again: a record written by an older build of the normalizer still compares.
        seen[kind].add(normalizeStatement(JSON.parse(line) as string));
      } catch {
        // Half a line.
      }
    }
  }
  return seen;
}

export type Comparison = { pglite: number; postgres: number; onlyOn: Record<Kind, string[]> };

export function compareStatements(
  seen: Record<Kind, Set<string>>,
  allowed: typeof ONE_DATABASE_ONLY = ONE_DATABASE_ONLY,
): Comparison {
  const onlyOn = (kind: Kind, other: Kind) =>
    [...seen[kind]]
      .filter((s) => !seen[other].has(s))
      .filter((s) => !allowed.some((a) => a.kind === kind && a.pattern.test(s)))
      .sort();
  return {
    pglite: seen.pglite.size,
    postgres: seen.postgres.size,
    onlyOn: { pglite: onlyOn('pglite', 'postgres'), postgres: onlyOn('postgres', 'pglite') },
  };
}

export function comparisonReport(c: Comparison): string {
  const lines = [`Statements run: ${c.pglite} distinct on PGlite, ${c.postgres} on PostgreSQL.`];
  for (const [kind, other] of [
    ['pglite', 'PostgreSQL'],
    ['postgres', 'PGlite'],
  ] as const) {
    const missing = c.onlyOn[kind];
    if (missing.length === 0) continue;
    lines.push(`${missing.length} run on ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} but never on ${other}:`);
    for (const s of missing) lines.push(`  ${s}`);
  }
  return lines.join('\n');
}
