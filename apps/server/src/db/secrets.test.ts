import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDb, describeWithDb, type TestDb } from '../../test/test-db';
import { getOrCreateSecret, resolveSecrets } from './secrets';

describeWithDb('secrets', () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb();
  });
  afterAll(() => testDb?.close());

  it('generates a random 32-byte secret once and returns the same one afterwards', async () => {
    const first = await getOrCreateSecret(testDb.db, 'test_once');
    expect(first).toMatch(/^[\w-]{43}$/);
    expect(Buffer.from(first, 'base64url')).toHaveLength(32);
    expect(await getOrCreateSecret(testDb.db, 'test_once')).toBe(first);
  });

  it('gives each name its own secret', async () => {
    expect(await getOrCreateSecret(testDb.db, 'test_a')).not.toBe(await getOrCreateSecret(testDb.db, 'test_b'));
  });

  it('agrees on one secret when many callers race on first use', async () => {
    const all = await Promise.all(Array.from({ length: 8 }, () => getOrCreateSecret(testDb.db, 'test_race')));
    expect(new Set(all).size).toBe(1);
  });

  it('prefers SESSION_SECRET from the environment, else the stored one', async () => {
    const given = 'x'.repeat(40);
    expect(await resolveSecrets({ sessionSecret: given }, testDb.db)).toEqual({ session: given });
    const stored = await resolveSecrets({ sessionSecret: undefined }, testDb.db);
    expect(stored.session).toHaveLength(43);
    expect(await resolveSecrets({ sessionSecret: undefined }, testDb.db)).toEqual(stored);
  });
});
