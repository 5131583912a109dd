import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDb, describeWithDb, type TestDb } from '../../test/test-db';
import { migrateDatabase, migrationsApplied, waitForMigrations } from './migrate';

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
