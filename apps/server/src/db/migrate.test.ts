import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { orders, receiptCorrections } from '#src/modules/ledger/index';
import { seedOrders } from '../../test/seed-orders';
import { createTestDb, describeWithDb, type TestDb } from '../../test/test-db';
import { MIGRATIONS_FOLDER, migrateDatabase, migrationsApplied, waitForMigrations } from './migrate';

describeWithDb('migrations', () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb();
  });
  afterAll(() => testDb?.close());

  it('creates app_secrets', async () => {
    const result = await testDb.db.execute(
      sql`select column_name from information_schema.columns where table_name = 'app_secrets' order by column_name`,
    );
    expect(result.rows.map((row) => row.column_name)).toEqual(['created_at', 'name', 'value']);
  });

  it('can run again at every start without changing anything', async () => {
    await migrateDatabase(testDb.connection);
    await Promise.all([migrateDatabase(testDb.connection), migrateDatabase(testDb.connection)]);
  });

  it("brings a corrected order's deductible part in line with its latest correction", async () => {
    // As orders corrected before the correction moved the order's figure were left: the order still
    // says what the first receipt said.
    const [order] = await seedOrders(testDb.db, [{ deductibleCents: 500, receiptNumber: '2025-000777' }]);
    const id = order?.id ?? '';
    const correction = (version: number, deductibleCents: number) => ({
      id: randomUUID(),
      orderId: id,
      kind: 'corrected' as const,
      version,
      receiptNumber: `2025-000777-C${version}`,
      amountCents: 400,
      deductibleCents,
      reason: 'Partial refund',
      idempotencyKey: randomUUID(),
    });
    await testDb.db.insert(receiptCorrections).values([correction(1, 300), correction(2, 200)]);
    const file = readdirSync(MIGRATIONS_FOLDER).find((name) => name.endsWith('_deductible_follows_corrections.sql'));
    const statement = readFileSync(join(MIGRATIONS_FOLDER, file ?? 'missing.sql'), 'utf8');
    await testDb.db.execute(sql.raw(statement));
    const [after] = await testDb.db.select().from(orders).where(eq(orders.id, id));
    expect(after?.deductibleCents).toBe(200);
  });

  it('lets a web or worker process wait until the migrate step has run, then go on', async () => {
    const other = await createTestDb();
    try {
      const applied = await other.db.execute<{ hash: string; created_at: string | number }>(
        sql`select hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
      );
      const newest = applied.rows[0];
      if (!newest) throw new Error('no migration recorded');
      await other.db.execute(sql`delete from drizzle.__drizzle_migrations where hash = ${newest.hash}`);
      expect(await migrationsApplied(other.db)).toBe(false);
      let reminders = 0;
      let done = false;
      const waiting = waitForMigrations(other.db, () => (reminders += 1), 20).then(() => {
        done = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(done).toBe(false);
      expect(reminders).toBe(1);
      // What the migrate step records when it applies that migration.
      await other.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${newest.hash}, ${newest.created_at})`,
      );
      await waiting;
      expect(await migrationsApplied(other.db)).toBe(true);
    } finally {
      await other.close();
    }
  });
});
