import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDb, describeWithDb, type TestDb } from '../../../test/test-db';
import {
  countAdmins,
  createAdmin,
  deleteAdmin,
  findAdminByUsername,
  isValidUsername,
  listAdmins,
  setAdminPassword,
} from './admin-repo';
import { verifyPassword } from './passwords';

describeWithDb('admin repository', () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb();
  });
  afterAll(() => testDb?.close());

  it('accepts usernames of 1 to 64 letters, digits and . _ - @ only', () => {
    for (const ok of ['a', 'Treasurer', 'ops.team_1-x', 'me@example.org', 'x'.repeat(64)]) {
      expect(isValidUsername(ok), ok).toBe(true);
    }
    for (const bad of ['', 'x'.repeat(65), 'with space', 'colon:name', 'émile', 'tab\t']) {
      expect(isValidUsername(bad), bad).toBe(false);
    }
  });

  it('creates an administrator, found again in any case, with an argon2id hash', async () => {
    const created = await createAdmin(testDb.db, { username: 'Treasurer', password: 'correct horse battery' });
    expect(created).toMatchObject({ username: 'Treasurer' });
    expect(created).not.toHaveProperty('passwordHash');
    const found = await findAdminByUsername(testDb.db, 'tREASURER');
    expect(found?.username).toBe('Treasurer');
    expect(found?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(found?.passwordHash ?? '', 'correct horse battery')).toBe(true);
  });

  it('refuses a duplicate in another case, a bad username and a short password', async () => {
    const password = 'correct horse battery';
    await expect(createAdmin(testDb.db, { username: 'TREASURER', password })).rejects.toMatchObject({
      code: 'conflict',
      message: 'An administrator "TREASURER" already exists (usernames ignore case).',
    });
    await expect(createAdmin(testDb.db, { username: 'bad name', password })).rejects.toMatchObject({
      code: 'validation_error',
    });
    await expect(createAdmin(testDb.db, { username: 'shorty', password: 'too short' })).rejects.toMatchObject({
      code: 'validation_error',
      message: 'The password must be at least 12 characters long (it has 9).',
    });
    expect(await findAdminByUsername(testDb.db, 'shorty')).toBeUndefined();
  });

  it('changes a password and moves updatedAt', async () => {
    const before = (await listAdmins(testDb.db)).find((a) => a.username === 'Treasurer');
    await setAdminPassword(testDb.db, { username: 'treasurer', password: 'a brand new passphrase' });
    const found = await findAdminByUsername(testDb.db, 'Treasurer');
    expect(await verifyPassword(found?.passwordHash ?? '', 'a brand new passphrase')).toBe(true);
    expect(await verifyPassword(found?.passwordHash ?? '', 'correct horse battery')).toBe(false);
    const after = (await listAdmins(testDb.db)).find((a) => a.username === 'Treasurer');
    expect(after?.updatedAt.getTime()).toBeGreaterThanOrEqual(before?.updatedAt.getTime() ?? Number.NaN);
    await expect(
      setAdminPassword(testDb.db, { username: 'nobody', password: 'long enough pass' }),
    ).rejects.toMatchObject({ code: 'not_found', message: 'There is no administrator "nobody".' });
  });

  it('lists names and dates, sorted without case, and never a hash', async () => {
    await createAdmin(testDb.db, { username: 'alice', password: 'alice long password' });
    const list = await listAdmins(testDb.db);
    expect(list.map((a) => a.username)).toEqual(['alice', 'Treasurer']);
    for (const admin of list)
      expect(Object.keys(admin).sort()).toEqual([
        'centerId',
        'createdAt',
        'disabled',
        'id',
        'role',
        'totpEnabled',
        'updatedAt',
        'username',
      ]);
  });

  it('deletes by username in any case, and refuses an unknown one', async () => {
    await deleteAdmin(testDb.db, 'ALICE');
    expect(await countAdmins(testDb.db)).toBe(1);
    await expect(deleteAdmin(testDb.db, 'alice')).rejects.toMatchObject({ code: 'not_found' });
  });
});
