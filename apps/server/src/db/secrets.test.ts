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
    const none = { sessionSecret: undefined, ticketSigningKey: undefined };
    expect((await resolveSecrets({ ...none, sessionSecret: given }, testDb.db)).session).toBe(given);
    const stored = await resolveSecrets(none, testDb.db);
    expect(stored.session).toHaveLength(43);
    expect(await resolveSecrets(none, testDb.db)).toEqual(stored);
  });

  it('prefers TICKET_SIGNING_KEY from the environment, else a stored 32-byte seed of its own', async () => {
    const none = { sessionSecret: undefined, ticketSigningKey: undefined };
    const stored = await resolveSecrets(none, testDb.db);
    expect(Buffer.from(stored.ticketSigning, 'base64url')).toHaveLength(32);
    expect(stored.ticketSigning).not.toBe(stored.session);
    const given = 'a'.repeat(43);
    expect((await resolveSecrets({ ...none, ticketSigningKey: given }, testDb.db)).ticketSigning).toBe(given);
  });
});
