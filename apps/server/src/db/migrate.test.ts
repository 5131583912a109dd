import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDb, describeWithDb, type TestDb } from '../../test/test-db';
import { migrateDatabase } from './migrate';

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
});
