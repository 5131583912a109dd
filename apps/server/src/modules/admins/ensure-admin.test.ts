import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { createLogger } from '#src/logger';
import { createTestDb, describeWithDb, type TestDb } from '../../../test/test-db';
import { createAdmin, findAdminByUsername, listAdmins } from './admin-repo';
import { ENV_REPORT_KEY_LABEL, ensureAdmin } from './ensure-admin';
import { verifyPassword } from './passwords';
import { findLiveReportKey, generateReportKey, markReportKeyRevoked } from './report-key-repo';
import { admins } from './tables';

type LogLine = { level: number; msg: string };

/** The real logger (with its redaction), writing into an array. */
function capturingLogger() {
  const lines: LogLine[] = [];
  const logger = createLogger('info', { write: (line: string) => lines.push(JSON.parse(line) as LogLine) });
  return { logger, lines };
}

describeWithDb('ensureAdmin', () => {
  let testDb: TestDb;
  let dataDir: string;
  beforeAll(async () => {
    testDb = await createTestDb();
  });
  beforeEach(async () => {
    await testDb.db.delete(admins);
    dataDir = mkdtempSync(join(tmpdir(), 'ensure-admin-'));
    return () => rmSync(dataDir, { recursive: true, force: true });
  });
  afterAll(() => testDb?.close());

  it('creates "admin" with a random password written to an owner-only file, which the log names (never the password)', async () => {
    const { logger, lines } = capturingLogger();
    const result = await ensureAdmin({ db: testDb.db, config: { admin: undefined, dataDir }, logger });
    if (result.action !== 'created-initial') throw new Error(`unexpected ${result.action}`);
    expect(result.password).toMatch(/^[A-Za-z0-9_-]{32}$/);

    const file = join(dataDir, 'initial-admin-password');
    expect(readFileSync(file, 'utf8')).toBe(`${result.password}\n`);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const found = await findAdminByUsername(testDb.db, 'admin');
    expect(await verifyPassword(found?.passwordHash ?? '', result.password)).toBe(true);

    expect(lines.filter((line) => JSON.stringify(line).includes(result.password))).toEqual([]);
    const created = lines.filter((line) => line.msg.includes('"admin" was created'));
    expect(created).toHaveLength(1);
    expect(created[0]?.level).toBe(40);
    expect(created[0]?.msg).toContain(`its password is in ${file}`);
    expect(created[0]?.msg).toContain('npm run admin -- reset-password admin');

    // A restart: nothing created, nothing printed, the file left alone.
    const again = capturingLogger();
    expect(await ensureAdmin({ db: testDb.db, config: { admin: undefined, dataDir }, logger: again.logger })).toEqual({
      action: 'none',
    });
    expect(again.lines).toEqual([]);
    expect(readFileSync(file, 'utf8')).toBe(`${result.password}\n`);
  });

  it('creates exactly one when several processes start at once', async () => {
    const { logger, lines } = capturingLogger();
    const results = await Promise.all(
      Array.from({ length: 6 }, () => ensureAdmin({ db: testDb.db, config: { admin: undefined, dataDir }, logger })),
    );
    expect(results.filter((r) => r.action === 'created-initial')).toHaveLength(1);
    expect(await listAdmins(testDb.db)).toHaveLength(1);
    expect(lines.filter((line) => line.msg.includes('"admin" was created'))).toHaveLength(1);
  });

  it('creates nobody when an administrator exists already', async () => {
    await createAdmin(testDb.db, { username: 'treasurer', password: 'correct horse battery' });
    const { logger, lines } = capturingLogger();
    expect(await ensureAdmin({ db: testDb.db, config: { admin: undefined, dataDir }, logger })).toEqual({
      action: 'none',
    });
    expect(lines).toEqual([]);
    expect((await listAdmins(testDb.db)).map((a) => a.username)).toEqual(['treasurer']);
  });

  it('creates, then updates, the administrator ADMIN_USERNAME / ADMIN_PASSWORD name, never logging the password', async () => {
    const { logger, lines } = capturingLogger();
    const run = (password: string) =>
      ensureAdmin({ db: testDb.db, config: { admin: { username: 'Ops', password }, dataDir }, logger });

    expect(await run('first long password')).toEqual({ action: 'created-from-env', username: 'Ops' });
    expect(await run('first long password')).toEqual({ action: 'unchanged-from-env', username: 'Ops' });
    expect(await run('second long password')).toEqual({ action: 'updated-from-env', username: 'Ops' });

    const found = await findAdminByUsername(testDb.db, 'ops');
    expect(await verifyPassword(found?.passwordHash ?? '', 'second long password')).toBe(true);
    expect((await listAdmins(testDb.db)).map((a) => a.username)).toEqual(['Ops']);
    // No random "admin" beside it, and no password anywhere in the log.
    expect(JSON.stringify(lines)).not.toMatch(/long password/);
  });

  it('refuses to start with an unusable ADMIN_USERNAME or a short ADMIN_PASSWORD', async () => {
    const { logger } = capturingLogger();
    await expect(
      ensureAdmin({
        db: testDb.db,
        config: { admin: { username: 'a b', password: 'long enough pass' }, dataDir },
        logger,
      }),
    ).rejects.toThrow(/^ADMIN_USERNAME: A username is 1 to 64/);
    await expect(
      ensureAdmin({ db: testDb.db, config: { admin: { username: 'ops', password: 'short' }, dataDir }, logger }),
    ).rejects.toThrow('ADMIN_PASSWORD: The password must be at least 12 characters long (it has 5).');
    expect(await listAdmins(testDb.db)).toEqual([]);
  });

  it('gives the ADMIN_USERNAME administrator the ADMIN_REPORT_KEY key; a new value retires the old, a revoked one stays revoked', async () => {
    const { logger, lines } = capturingLogger();
    const run = (reportKey: string) =>
      ensureAdmin({
        db: testDb.db,
        config: { admin: { username: 'Ops', password: 'first long password', reportKey }, dataDir },
        logger,
      });
    const first = generateReportKey();
    await run(first);
    await run(first);
    const ops = await findAdminByUsername(testDb.db, 'ops');
    const id = ops?.id ?? '';
    const live = await findLiveReportKey(testDb.db, id, first);
    expect(live).toBeDefined();

    const second = generateReportKey();
    await run(second);
    expect(await findLiveReportKey(testDb.db, id, first)).toBeUndefined();
    const secondKey = await findLiveReportKey(testDb.db, id, second);
    expect(secondKey).toBeDefined();

    // Revoked in the back office: a restart with the same value does not bring it back.
    await markReportKeyRevoked(testDb.db, secondKey?.id ?? '');
    await run(second);
    expect(await findLiveReportKey(testDb.db, id, second)).toBeUndefined();
    expect(lines.map((line) => line.msg)).toContain('ADMIN_REPORT_KEY was revoked and stays refused: set a new one');
    expect(JSON.stringify(lines)).not.toContain(second.slice(3));
    expect(ENV_REPORT_KEY_LABEL).toBe('ADMIN_REPORT_KEY');
  });
});
