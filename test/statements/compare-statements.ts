/**
 * Compares what each database ran during a test run (apps/server/src/db/statement-log.ts writes
 * `<kind>-<pid>.jsonl` files): every statement must have run on PGlite and on PostgreSQL, except
 * those listed in ONE_DATABASE_ONLY with the reason they cannot run on the other.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { normalizeStatement } from '../../apps/server/src/db/statement-log';

export type Kind = 'pglite' | 'postgres';

/**
 * Statements that exist for one database alone, by design, or a test's own check of such a
 * statement's effect. Each says why. Keep it short: a product statement belongs here only when the
 * product itself takes another path on the other database.
 */
export const ONE_DATABASE_ONLY: { kind: Kind; pattern: RegExp; why: string }[] = [
  {
    kind: 'postgres',
    pattern: /^(begin|commit|rollback)$/,
    why: "Drizzle sends a node-postgres transaction's begin and end as statements; PGlite's transaction() opens and ends its own, unlogged",
  },
  {
    kind: 'pglite',
    pattern: / at time zone 'UTC' as created_utc, /,
    why: 'the CSV export on PGlite reads keyset pages (report/keyset-export.ts); PostgreSQL streams one COPY (report/copy-export.ts), sent outside Drizzle',
  },
  {
    kind: 'postgres',
    pattern: / at time zone 'UTC' as created_utc, /,
    why: "the same PGlite export's pages, which some tests also read on PostgreSQL with other filters (monthly-giving/summary.test.ts calls it directly)",
  },
  {
    kind: 'postgres',
    pattern: /\bpg_stat_activity\b|^select 1 as one$/,
    why: "report-csv.test.ts watches PostgreSQL's own backends end an abandoned COPY; PGlite has no backends and no COPY export",
  },
  {
    kind: 'postgres',
    pattern: /^update "sandbox_nonces" set "consumed_at" = \$ where "sandbox_nonces"\."nonce" = \$$/,
    why: 'a sandbox sale that lost the race for its order inside one statement gives its card entry back (sandbox-ledger.ts recordSale): only statements running at once reach it, and PGlite runs one at a time',
  },
  {
    kind: 'postgres',
    pattern: /^select count\(\*\)::int as rows, count\(\*\) filter \(where outcome = 'kept'\)/,
    why: "the doors' race (reliability/races/check-in-sync.test.ts) counts what 50 devices syncing at once stored; the race needs processes and connections, so it runs on PostgreSQL only (the sync's own statements run on both)",
  },
  {
    kind: 'postgres',
    pattern: /^select pg_notify\(/,
    why: 'the mail kick between processes (mail/cross-process-kick.ts) is NOTIFY; a PGlite site is one process',
  },
  {
    kind: 'postgres',
    pattern:
      /^drop schema drizzle cascade; drop schema public cascade; create schema public$|^select count\(\*\)::int as n from pg_tables where schemaname = 'public'$/,
    why: 'npm run restore --force into a PostgreSQL database (cli/backup.ts) empties its schemas; on PGlite it sets the old directory aside',
  },
  {
    kind: 'postgres',
    pattern:
      /^select seq from mail_outbox order by seq$|^insert into mail_outbox \(kind, subject_id\) values \('test', 'after-move'\) returning seq$|^select count\(\*\)::int as n from (mail_outbox where sent_at is null|orders where status = 'succeeded')$/,
    why: 'backup.test.ts reads what npm run db:move (PGlite to PostgreSQL) wrote into its PostgreSQL target',
  },
  {
    kind: 'pglite',
    pattern: /^delete from orders where status = 'failed'$/,
    why: "backup.test.ts changes a restored PGlite directory so that --force's restore is seen to replace it",
  },
  {
    kind: 'pglite',
    pattern: /^select transaction_id from orders where status = 'succeeded' order by created_at desc, id desc$/,
    why: "report-csv.test.ts's own list of what the PGlite export (keyset pages) must hold",
  },
  {
    kind: 'postgres',
    pattern: /^select transaction_id from orders where status = 'succeeded' and email like '%donor1%'/,
    why: "report-csv.test.ts's own list of what the PostgreSQL export (a COPY with a search) must hold",
  },
];

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
