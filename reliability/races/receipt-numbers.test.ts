/**
 * Receipt numbers under concurrency (issue 20), over real HTTP: 50 checkouts at once, 40 approved
 * and 10 declined, spread over two server processes on one PostgreSQL (one process on PGlite, which
 * is single-process), at Dallas (USD), Toronto (CAD) and London (GBP) in turn. Each entity's paid
 * orders hold its own series, `YEAR-000001`, `CA-YEAR-000001`, `UK-YEAR-000001` …: no gap, no
 * duplicate; declined orders take no number. Numbers are taken in the settlement's own statement
 * (checkout/settle-order.ts), so they can be neither skipped nor given twice.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DECLINING_CARD } from '../../apps/server/test/checkout-helpers';
import { describeWithDb, usingPostgres } from '../../apps/server/test/test-db';
import { freePort } from '../../test/free-port';
import { recordFigures } from '../support/figures';
import { createServerDatabase, type ServerDatabase } from '../support/server-database';
import { type ServerProcess, startServerProcess } from '../support/server-process';
import { cardNonce, checkoutIn } from '../support/store-client';

const CURRENCIES = ['USD', 'CAD', 'GBP'] as const;
const PREFIX = { us: '', ca: 'CA-', uk: 'UK-' } as const;

const APPROVED = 40;
const DECLINED = 10;

describeWithDb('receipt numbers under concurrent checkouts', () => {
  let database: ServerDatabase;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    database = await createServerDatabase();
    const processes = usingPostgres ? 2 : 1;
    for (let i = 0; i < processes; i++) {
      servers.push(
        await startServerProcess({
          port: await freePort(),
          dataDir: database.dataDir,
          databaseUrl: database.databaseUrl,
          env: { ROLE: usingPostgres ? 'web' : 'all', CAPTCHA_PROVIDER: 'off', TRUST_PROXY: 'true', LOG_LEVEL: 'warn' },
        }),
      );
    }
  });

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await database?.close();
  });

  it(`numbers ${APPROVED} paid orders of ${APPROVED + DECLINED} concurrent checkouts on ${usingPostgres ? 'two processes' : 'one process'} without a gap or a duplicate`, async () => {
    const server = (i: number) => servers[i % servers.length]?.baseUrl ?? '';
    const nonces = await Promise.all(
      Array.from({ length: APPROVED + DECLINED }, (_, i) =>
        cardNonce(server(i), i < DECLINED ? DECLINING_CARD : undefined),
      ),
    );
    const started = performance.now();
    const answers = await Promise.all(
      nonces.map((nonce, i) =>
        // Each from its own address and e-mail: the card-testing limit is not the subject here.
        checkoutIn(
          server(i),
          randomUUID(),
          nonce,
          CURRENCIES[i % 3] ?? 'USD',
          { 'x-forwarded-for': `10.20.${i}.1` },
          `numbers-${i}@example.org`,
        ),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    expect(answers.map((a) => a.status).sort()).toEqual([
      ...Array<number>(APPROVED).fill(200),
      ...Array<number>(DECLINED).fill(402),
    ]);
    const answered = answers.filter((a) => a.status === 200).map((a) => String(a.body.receiptNumber));
    expect(new Set(answered).size).toBe(APPROVED);

    // PGlite is single-process: the server stops before the test opens its files.
    if (!usingPostgres) await Promise.all(servers.map((s) => s.stop()));
    const rows = await database.withDb(async (db) => {
      const result = await db.execute<{
        status: string;
        receipt_number: string | null;
        receipt_year: number | null;
        receipt_seq: number | null;
        entity_key: keyof typeof PREFIX;
      }>(
        sql`select status, receipt_number, receipt_year, receipt_seq, entity_key from orders order by receipt_seq nulls last`,
      );
      return result.rows;
    });
    const paid = rows.filter((r) => r.status === 'succeeded');
    const year = new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone: 'America/Chicago' }).format(new Date());
    for (const [entity, prefix] of Object.entries(PREFIX)) {
      const series = paid.filter((r) => r.entity_key === entity);
      expect(series.length, `${entity} paid orders`).toBeGreaterThan(10);
      expect(series.map((r) => Number(r.receipt_seq))).toEqual(Array.from({ length: series.length }, (_, i) => i + 1));
      expect(series.map((r) => r.receipt_number)).toEqual(
        Array.from({ length: series.length }, (_, i) => `${prefix}${year}-${String(i + 1).padStart(6, '0')}`),
      );
    }
    expect([...answered].sort()).toEqual(paid.map((r) => r.receipt_number).sort());
    expect(rows.filter((r) => r.status === 'failed').every((r) => r.receipt_number === null)).toBe(true);
    recordFigures(`receipt-numbers-${database.kind}`, {
      processes: servers.length,
      checkouts: answers.length,
      seconds,
    });
  });
});
