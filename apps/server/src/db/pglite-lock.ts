/**
 * PGlite keeps one database in one process. Two servers started on the same DATA_DIR (a forgotten
 * `npm start` in another terminal, a test beside a running server) would corrupt it silently, so the
 * first one takes a lock file holding its pid and the second stops with a clear message.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}

/** Takes the lock or throws; returns the function that releases it. */
export function acquirePgliteLock(dataDir: string): () => void {
  const file = join(dataDir, 'server.lock');
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' });
  } catch {
    const holder = Number(readFileSync(file, 'utf8').trim());
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isRunning(holder)) {
      throw new Error(
        `The embedded database in ${dataDir} is in use by process ${holder}. ` +
          'Stop that server first, or set DATABASE_URL to a PostgreSQL server to run several processes. ' +
          `(If no such server runs, delete ${file}.)`,
      );
    }
    // Left behind by a process that crashed: take it over.
    writeFileSync(file, String(process.pid));
  }
  return () => rmSync(file, { force: true });
}
