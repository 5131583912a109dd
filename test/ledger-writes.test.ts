/**
 * The flows write the ledger only through its functions (decision 0041): no file of the server
 * outside modules/ledger/ inserts, updates or deletes a row of the ledger's tables itself, with
 * Drizzle's builder or in raw SQL. The import rule (`ledger-public-surface`) cannot say this: the
 * tables are on the ledger's surface, for the reads every module makes. A scan of the sources can;
 * the scanner is first run on made-up sources, so a pattern that stopped matching fails here too.
 */
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const serverSrc = join(repoRoot, 'apps/server/src');

/** The ledger's tables, by their Drizzle names and their SQL names. */
const TABLES = ['orders', 'receiptCounters', 'receiptCorrections', 'paymentDeclines'];
const SQL_TABLES = ['orders', 'receipt_counters', 'receipt_corrections', 'payment_declines'];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The writes to a ledger table in one source text, as they are written there: `.insert(orders`,
 * `.update(receiptCounters`, `.delete(...)`, raw `insert into orders`, `update orders`, `delete from
 * payment_declines` (any case, quoted or not), and the same with the table interpolated
 * (`update ${orders}`), also under a local alias (`const o = orders; ... update ${o}`).
 */
function ledgerWrites(source: string): string[] {
  const aliases = [...source.matchAll(/\b(?:const|let)\s+(\w+)\s*=\s*(\w+)\s*[;,]/g)]
    .filter(([, , table]) => table !== undefined && TABLES.includes(table))
    .map(([, alias]) => alias as string);
  const names = [...TABLES, ...aliases].map(escapeRegExp).join('|');
  const patterns = [
    new RegExp(`\\.(?:insert|update|delete)\\(\\s*(?:${names})\\b`, 'g'),
    new RegExp(`\\b(?:insert\\s+into|update|delete\\s+from)\\s+"?(?:${SQL_TABLES.join('|')})"?(?![\\w-])`, 'gi'),
    new RegExp(`\\b(?:insert\\s+into|update|delete\\s+from)\\s+\\$\\{\\s*(?:${names})\\s*\\}`, 'gi'),
  ];
  return patterns.flatMap((pattern) => [...source.matchAll(pattern)].map(([match]) => match));
}

async function serverSources(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
    .map((e) => join(e.parentPath, e.name));
}

/** Each server source outside the ledger that writes its tables, with the writes found. */
async function writesOutsideLedger(): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const path of await serverSources(serverSrc)) {
    const file = relative(serverSrc, path).split('\\').join('/');
    if (file.startsWith('modules/ledger/')) continue;
    const writes = ledgerWrites(await readFile(path, 'utf8'));
    if (writes.length > 0) found[file] = writes;
  }
  return found;
}

describe('writes to the ledger', () => {
  test('the scanner finds a write in each form, and passes reads', () => {
    const flow = [
      `await tx.update(orders).set({ refundedCents }).where(eq(orders.id, id));`,
      `await db.insert(receiptCounters).values({ series, year, last: 1 });`,
      `await db\n  .delete(paymentDeclines)\n  .where(eq(paymentDeclines.email, email));`,
      `await db.execute(sql\`INSERT INTO "receipt_corrections" (id) values (\${id})\`);`,
      `await db.execute(sql\`update orders set status = \${status}\`);`,
      `const o = orders;\nawait db.execute(sql\`\n  update \${o}\n     set home_rate = 1\`);`,
    ].join('\n');
    expect(ledgerWrites(flow)).toEqual([
      '.update(orders',
      '.insert(receiptCounters',
      '.delete(paymentDeclines',
      'INSERT INTO "receipt_corrections"',
      'update orders',
      `update \${o}`,
    ]);
    const reads = [
      'const [order] = await db.select().from(orders).where(eq(orders.id, id));',
      'await db.update(refunds).set({ status }).where(eq(refunds.orderId, orders.id));',
      `await db.execute(sql\`select * from orders where status = \${status}\`);`,
      '// The flow calls the ledger to update orders_by_day and insert into order_totals.',
    ].join('\n');
    expect(ledgerWrites(reads)).toEqual([]);
  });

  test('no server source outside modules/ledger/ writes its tables', async () => {
    const found = await writesOutsideLedger();
    // Names each file and what it writes: call the ledger's function for it (ledger/index.ts), or add one there.
    expect(found).toEqual({});
  });
});
