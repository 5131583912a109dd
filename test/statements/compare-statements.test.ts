/**
 * The both-databases check (npm test's last step) on statement records made for it: it must fail on
 * a statement one database ran alone, and only on that.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { normalizeStatement } from '../../apps/server/src/db/statement-log';
import { compareStatements, comparisonReport, readStatements } from './compare-statements';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function recorded(files: Record<string, string[]>): string {
  const dir = mkdtempSync(join(tmpdir(), 'statements-'));
  dirs.push(dir);
  for (const [name, statements] of Object.entries(files)) {
    writeFileSync(join(dir, name), statements.map((s) => `${JSON.stringify(s)}\n`).join(''));
  }
  return dir;
}

test('passes when every statement ran on both databases, across processes', () => {
  const dir = recorded({
    'pglite-1.jsonl': ['select 1', 'select $'],
    'pglite-2.jsonl': ['insert into t values ($)'],
    'postgres-3.jsonl': ['select $', 'select 1'],
    'postgres-4.jsonl': ['insert into t values ($)'],
  });
  const c = compareStatements(readStatements(dir), []);
  expect(c).toEqual({ pglite: 3, postgres: 3, onlyOn: { pglite: [], postgres: [] } });
});

test('fails on a statement run on one database only, and names it', () => {
  const dir = recorded({
    'pglite-1.jsonl': ['select 1', 'delete from orders where status = $'],
    'postgres-2.jsonl': ['select 1', 'select pg_notify($)'],
  });
  // With nothing listed as one database's own (the repository's list lets NOTIFY through).
  const c = compareStatements(readStatements(dir), []);
  expect(c.onlyOn).toEqual({ pglite: ['delete from orders where status = $'], postgres: ['select pg_notify($)'] });
  expect(comparisonReport(c)).toContain(
    '1 run on PGlite but never on PostgreSQL:\n  delete from orders where status = $',
  );
});

test('lets a statement that exists for one database alone through only when listed, with its reason', () => {
  const dir = recorded({ 'pglite-1.jsonl': ['select 1'], 'postgres-2.jsonl': ['select 1', 'select pg_notify($)'] });
  const notify = { pattern: /^select pg_notify/, why: 'NOTIFY reaches other processes' };
  expect(compareStatements(readStatements(dir), [{ ...notify, kind: 'postgres' }]).onlyOn.postgres).toEqual([]);
  // Listed for the other database, it still fails.
  expect(compareStatements(readStatements(dir), [{ ...notify, kind: 'pglite' }]).onlyOn.postgres).toHaveLength(1);
});

test('reads past half a line left by a process killed while writing', () => {
  const dir = recorded({ 'pglite-1.jsonl': ['select 1'], 'postgres-2.jsonl': ['select 1'] });
  writeFileSync(join(dir, 'postgres-3.jsonl'), '"select 2"\n"sel');
  expect(readStatements(dir).postgres).toEqual(new Set(['select 1', 'select 2']));
});

test('one text for one statement, whatever the number of rows or list items', () => {
  expect(normalizeStatement('insert into t (a, b) values ($1, $2), ($3, $4), ($5, $6)')).toBe(
    'insert into t (a, b) values ($)',
  );
  expect(normalizeStatement('select * from t where id in ($1, $2, $3)')).toBe(
    normalizeStatement('select * from t where id in ($1)'),
  );
  expect(normalizeStatement('select *\n  from t\n where a = $12')).toBe('select * from t where a = $');
});
