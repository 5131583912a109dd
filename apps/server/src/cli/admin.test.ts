/**
 * `npm run admin -- …` on a PGlite data directory (server-pglite) or a PostgreSQL database
 * (server-postgres). Passwords go in on stdin. Each command runs at least once as an operator runs
 * it, a child process under tsx (`adminProcess`: its exit code, stdout and stderr); the other cases
 * call the same command in-process (`admin`), through the same exit-code rules, a second faster each.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '#src/config';
import { type Database, openDatabase } from '#src/db/client';
import { statementLogEnv } from '#src/db/statement-log';
import { findAdminByUsername } from '#src/modules/admins/admin-repo';
import { verifyPassword } from '#src/modules/admins/passwords';
import { runInProcess } from '../../test/run-cli';
import { createTestDb, describeWithDb, type TestDb, usingPostgres } from '../../test/test-db';
import { runAdminCommand } from './admin-command';

const CLI = join(import.meta.dirname, 'admin.ts');
const SLOW = 120_000;

type Run = { code: number | null; stdout: string; stderr: string };

describeWithDb('admin command line', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'admin-cli-'));
  let testDb: TestDb | undefined;
  beforeAll(async () => {
    if (usingPostgres) testDb = await createTestDb();
  });
  afterAll(async () => {
    await testDb?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const settings = () => ({ DATA_DIR: dataDir, ...(testDb?.url ? { DATABASE_URL: testDb.url } : {}) });

  /** The command in this process, with `stdin` as its standard input (none: an empty one). */
  function admin(args: string[], stdin?: string): Promise<Run> {
    const input = Readable.from(stdin === undefined ? [] : [Buffer.from(stdin)], { objectMode: false });
    return runInProcess((a, out) => runAdminCommand(a, out, { config: loadConfig(settings()), input }), args);
  }

  /** The command as the operator runs it: a child process (stdin ignored when none is given). */
  function adminProcess(args: string[], stdin?: string): Promise<Run> {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
      env: {
        PATH: process.env.PATH ?? '',
        ...statementLogEnv(),
        ...settings(),
      },
      stdio: [stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdin?.end(stdin);
    return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
  }

  /** The database the command wrote to; PGlite only once the command has exited (one process at a time). */
  async function withDb<T>(use: (db: Database) => Promise<T>): Promise<T> {
    if (testDb) return use(testDb.db);
    const connection = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
    try {
      return await use(connection.db);
    } finally {
      await connection.close();
    }
  }

  /** Which of these passwords the administrator's stored hash accepts. */
  const passwordsWork = (username: string, passwords: string[]) =>
    withDb(async (db) => {
      const hash = (await findAdminByUsername(db, username))?.passwordHash ?? '';
      return Promise.all(passwords.map((password) => verifyPassword(hash, password)));
    });

  it('refuses a password given as an argument, before touching anything (more in admin-args.test.ts)', async () => {
    // In this process, as every case but one per command: the create below proves argv, stdin and the
    // exit code in a child (this child cost half a second and proved nothing more).
    const run = await admin(['create', 'treasurer', 'correct horse battery']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Passwords are never taken as arguments');
    // Nothing touched: the data directory is as fresh as the next test needs it.
    expect(readdirSync(dataDir)).toEqual([]);
    expect((await admin(['help'])).stdout).toContain('Usage: npm run admin -- <command>');
  });

  it(
    'creates an administrator with the first line of stdin as password, and lists it without the hash',
    async () => {
      const created = await adminProcess(['create', 'Treasurer'], 'correct horse battery\r\nignored second line\n');
      expect(created).toMatchObject({ code: 0, stdout: 'Staff member "Treasurer" created as owner.\n' });
      const list = await admin(['list']);
      expect(list.code).toBe(0);
      expect(list.stdout).toMatch(
        /^USERNAME +ROLE +CENTER +TWO-FACTOR +CREATED +UPDATED\nTreasurer +owner +off +\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC +/,
      );
      expect(list.stdout).not.toContain('argon2');
      expect(await passwordsWork('treasurer', ['correct horse battery'])).toEqual([true]);
    },
    SLOW,
  );

  it(
    'creates a member with a role and a volunteer with a center, changes a role, and audits both (issue 21)',
    async () => {
      const volunteer = await admin(
        ['create', 'vol-dallas', '--role', 'volunteer', '--center', '2'],
        'volunteer long password\n',
      );
      expect(volunteer).toMatchObject({
        code: 0,
        stdout: 'Staff member "vol-dallas" created as volunteer of center 2.\n',
      });
      const unknownCenter = await admin(
        ['create', 'vol-x', '--role', 'volunteer', '--center', '99'],
        'volunteer long password\n',
      );
      expect(unknownCenter.code).toBe(2);
      expect(unknownCenter.stderr).toContain('There is no center 99.');
      const promoted = await adminProcess(['set-role', 'VOL-DALLAS', '--role', 'treasurer']);
      expect(promoted).toMatchObject({ code: 0 });
      expect(promoted.stdout).toContain('"vol-dallas" is now treasurer; their sessions were ended.');
      expect((await admin(['list'])).stdout).toMatch(/\nvol-dallas +treasurer +off +/);
      const actions = await withDb(async (db) => {
        const { rows } = await db.execute<{ action: string; actor_name: string }>(
          sql`select action, actor_name from audit_log where target_type = 'staff' order by id`,
        );
        return rows.map((row) => `${row.actor_name} ${row.action}`);
      });
      expect(actions).toEqual(expect.arrayContaining(['cli staff.create', 'cli staff.update']));
      expect((await admin(['delete', 'vol-dallas'])).code).toBe(0);
    },
    SLOW,
  );

  it(
    'refuses a short password, a duplicate in any case, a bad username, and an empty stdin',
    async () => {
      const short = await admin(['create', 'clerk'], 'too short\n');
      expect(short.code).toBe(1);
      expect(short.stderr).toContain('The password must be at least 12 characters long (it has 9).');
      const duplicate = await admin(['create', 'TREASURER'], 'another long password\n');
      expect(duplicate.code).toBe(1);
      expect(duplicate.stderr).toContain('An administrator "Treasurer" already exists (usernames ignore case).');
      const badName = await admin(['create', 'bad name'], 'another long password\n');
      expect(badName.code).toBe(1);
      expect(badName.stderr).toContain('A username is 1 to 64 letters, digits or the characters . _ - @');
      const empty = await admin(['create', 'clerk']);
      expect(empty.code).toBe(1);
      expect(empty.stderr).toContain('No password given');
    },
    SLOW,
  );

  it(
    'resets a password, and refuses an unknown administrator, a short password or a common one',
    async () => {
      const reset = await adminProcess(['reset-password', 'treasurer'], 'a new long passphrase\n');
      expect(reset).toMatchObject({ code: 0, stdout: 'Password of "Treasurer" changed.\n' });

      const unknown = await admin(['reset-password', 'nobody'], 'a new long passphrase\n');
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('There is no administrator "nobody".');
      const short = await admin(['reset-password', 'treasurer'], 'short\n');
      expect(short.code).toBe(1);
      expect(short.stderr).toContain('at least 12 characters');
      const common = await admin(['reset-password', 'treasurer'], 'password1234\n');
      expect(common.code).toBe(1);
      expect(common.stderr).toContain('This password is too common. Choose a less common one.');
      expect(await passwordsWork('Treasurer', ['a new long passphrase', 'correct horse battery'])).toEqual([
        true,
        false,
      ]);
    },
    SLOW,
  );

  it(
    'deletes an administrator, removing the stale initial password file with "admin"',
    async () => {
      expect((await admin(['create', 'admin'], 'admin long password\n')).code).toBe(0);
      writeFileSync(join(dataDir, 'initial-admin-password'), 'old\n');
      const deleted = await adminProcess(['delete', 'ADMIN']);
      expect(deleted.code).toBe(0);
      expect(deleted.stdout).toContain('Administrator "admin" deleted.');
      expect(deleted.stdout).toContain('Removed the now stale initial-admin-password file.');

      const unknown = await admin(['delete', 'admin']);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('There is no administrator "admin".');

      const last = await admin(['delete', 'treasurer']);
      expect(last.code).toBe(0);
      expect(last.stdout).toContain('No administrators are left');
      expect((await admin(['list'])).stdout).toBe('No administrators.\n');
    },
    SLOW,
  );

  it.skipIf(usingPostgres)(
    'says clearly that a server holds the embedded database',
    async () => {
      mkdirSync(join(dataDir, 'pglite'), { recursive: true });
      // This test process stands in for a running server: a live pid in the lock file.
      const lock = join(dataDir, 'pglite', 'server.lock');
      writeFileSync(lock, String(process.pid));
      try {
        const run = await adminProcess(['list']);
        expect(run.code).toBe(1);
        expect(run.stderr).toContain(`is in use by process ${process.pid}`);
        expect(run.stderr).toContain('stop the server on this DATA_DIR');
      } finally {
        rmSync(lock, { force: true });
      }
    },
    SLOW,
  );
});
