/**
 * `npm run backup` / `npm run restore` (and, on the PostgreSQL run, `npm run db:move`) as an
 * operator runs them: child processes under tsx, on a populated store. A round trip must give back
 * every row of every table. Refusals other than the first call the same command in-process
 * (`runInProcess`: the same function and exit-code rules, without a child's start-up).
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#src/config';
import { type DbConnection, openDatabase } from '#src/db/client';
import { populateStore, snapshotTables } from '../../test/populate-store';
import { runCli, runInProcess } from '../../test/run-cli';
import { createTestDb, describeWithDb, openPgliteDataDir, type TestDb, usingPostgres } from '../../test/test-db';
import { runBackupCommand } from './backup-command';

const BACKUP = join(import.meta.dirname, 'backup.ts');
const MOVE = join(import.meta.dirname, 'db-move.ts');
const SLOW = 180_000;

const run = runCli;

/** `npm run backup|restore -- args` in this process, on the database `env` names. */
const inProcess = (args: string[], env: Record<string, string>) =>
  runInProcess((a, out) => runBackupCommand(a, out, () => loadConfig(env)), args);

async function withPglite<T>(dataDir: string, use: (connection: DbConnection) => Promise<T>): Promise<T> {
  const connection = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
  try {
    return await use(connection);
  } finally {
    await connection.close();
  }
}

/** A populated store in `dataDir`'s PGlite (started from the migrated template), and its rows. */
async function seededPglite(dataDir: string): Promise<Record<string, string[]>> {
  const connection = await openPgliteDataDir(join(dataDir, 'pglite'));
  try {
    await populateStore(connection.db);
    return await snapshotTables(connection.db);
  } finally {
    await connection.close();
  }
}

describeWithDb('backup and restore', () => {
  const work = mkdtempSync(join(tmpdir(), 'backup-cli-'));
  const sourceDir = join(work, 'source');
  const file = join(work, 'store.backup');
  let source: TestDb | undefined;
  let target: TestDb | undefined;
  let before: Record<string, string[]>;
  /** The environment pointing the commands at the source (or, with `to`, the target) database. */
  const envFor = (which: 'source' | 'target', dataDir: string): Record<string, string> =>
    usingPostgres
      ? { DATABASE_URL: (which === 'source' ? source : target)?.url ?? '', DATA_DIR: dataDir }
      : { DATA_DIR: dataDir };

  beforeAll(async () => {
    if (usingPostgres) {
      source = await createTestDb();
      target = await createTestDb();
      await populateStore(source.db);
      before = await snapshotTables(source.db);
    } else {
      before = await seededPglite(sourceDir);
    }
  }, SLOW);
  afterAll(async () => {
    await source?.close();
    await target?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('refuses bad arguments, naming them', async () => {
    const env = envFor('source', sourceDir);
    // In this process: the child's run is proven by the backup and the restore below.
    const missing = await inProcess(['backup'], env);
    expect(missing).toMatchObject({ code: 2 });
    expect(missing.stderr).toContain('--out is required.');
    expect((await inProcess(['backup', '--out'], env)).stderr).toContain('--out needs a value.');
    expect((await inProcess(['backup', '--output', 'x'], env)).stderr).toContain('Unknown option --output.');
    const noFile = await inProcess(['restore', '--in', join(work, 'nothing-here')], env);
    expect(noFile).toMatchObject({ code: 2 });
    expect(noFile.stderr).toContain(`--in: ${join(work, 'nothing-here')} does not exist.`);
    const junk = join(work, 'junk');
    writeFileSync(junk, 'not a backup');
    expect((await inProcess(['restore', '--in', junk], env)).stderr).toContain(
      'is not a backup made by npm run backup',
    );
  });

  it(
    'round-trips a populated database: every table, every row',
    async () => {
      expect(Object.keys(before).length).toBeGreaterThan(10);
      expect(before['public.orders']?.length).toBeGreaterThanOrEqual(24);
      const made = await run(BACKUP, ['backup', '--out', file], envFor('source', sourceDir));
      expect(made.stderr).toBe('');
      expect(made).toMatchObject({ code: 0 });
      expect(existsSync(file)).toBe(true);
      expect((await inProcess(['backup', '--out', file], envFor('source', sourceDir))).stderr).toContain(
        'already exists',
      );

      const targetDir = join(work, 'target');
      if (usingPostgres) {
        // The target is migrated (like a database a server started on): not empty.
        const refused = await inProcess(['restore', '--in', file], envFor('target', targetDir));
        expect(refused).toMatchObject({ code: 1 });
        expect(refused.stderr).toContain('add --force');
        const restored = await run(BACKUP, ['restore', '--in', file, '--force'], envFor('target', targetDir));
        expect(restored.stderr).toBe('');
        expect(restored.code).toBe(0);
        expect(await snapshotTables(target?.db ?? expect.fail('no target'))).toEqual(before);
      } else {
        const restored = await run(BACKUP, ['restore', '--in', file], envFor('target', targetDir));
        expect(restored.stderr).toBe('');
        expect(restored.code).toBe(0);
        expect(await withPglite(targetDir, (c) => snapshotTables(c.db))).toEqual(before);
        // Again over it: refused, then with --force the old directory is kept aside.
        const refused = await inProcess(['restore', '--in', file], envFor('target', targetDir));
        expect(refused.stderr).toContain('add --force');
        await withPglite(targetDir, async (c) => {
          await c.db.execute(sql`delete from orders where status = 'failed'`);
        });
        const forced = await inProcess(['restore', '--in', file, '--force'], envFor('target', targetDir));
        expect(forced.code).toBe(0);
        expect(readdirSync(targetDir).some((name) => name.startsWith('pglite.before-restore-'))).toBe(true);
        expect(await withPglite(targetDir, (c) => snapshotTables(c.db))).toEqual(before);
      }
    },
    SLOW,
  );
});

describe.skipIf(!usingPostgres)('moving from PGlite to PostgreSQL (npm run db:move)', () => {
  const work = mkdtempSync(join(tmpdir(), 'db-move-'));
  let target: TestDb | undefined;
  afterAll(async () => {
    await target?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it(
    'copies every table of a populated PGlite into an empty PostgreSQL, in one transaction, sequences reset',
    async () => {
      const before = await seededPglite(work);
      target = await createTestDb();
      const url = target.url ?? expect.fail('no url');
      expect((await run(MOVE, ['--to', 'mysql://x'], { DATA_DIR: work })).stderr).toContain(
        '--to must be a postgres:// URL',
      );
      expect((await run(MOVE, [], { DATA_DIR: work })).stderr).toContain('--to is required.');

      const moved = await run(MOVE, ['--to', url], { DATA_DIR: work });
      expect(moved.stderr).toBe('');
      expect(moved.code).toBe(0);
      expect(moved.stdout).toContain('orders: ');
      expect(await snapshotTables(target.db)).toEqual(before);

      // Identity columns go on past the copied rows: a new outbox message gets a fresh seq.
      const seqs = await target.db.execute<{ seq: string }>(sql`select seq from mail_outbox order by seq`);
      const next = await target.db.execute<{ seq: string }>(
        sql`insert into mail_outbox (kind, subject_id) values ('test', 'after-move') returning seq`,
      );
      expect(Number(next.rows[0]?.seq)).toBeGreaterThan(Math.max(0, ...seqs.rows.map((r) => Number(r.seq))));

      // Not twice: the target now holds data.
      const again = await run(MOVE, ['--to', url], { DATA_DIR: work });
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('already holds data');
    },
    SLOW,
  );
});
