/**
 * Runs PostgreSQL's own client programs (pg_dump, pg_restore) from PATH on a DATABASE_URL. The
 * password goes to the child in PGPASSWORD, never on its command line (which every user's `ps`
 * shows); the rest of the URL is passed as --dbname.
 */
import { spawn } from 'node:child_process';
import { CliError } from './cli-error';

export function splitPassword(url: string): { url: string; password: string | undefined } {
  const parsed = new URL(url);
  const password = parsed.password === '' ? undefined : decodeURIComponent(parsed.password);
  parsed.password = '';
  return { url: parsed.toString(), password };
}

/** Resolves when the tool exits 0; a CliError with its stderr otherwise, or when it is not installed. */
export function runPgTool(tool: 'pg_dump' | 'pg_restore', args: string[], databaseUrl: string): Promise<void> {
  const { url, password } = splitPassword(databaseUrl);
  const env = { ...process.env, ...(password === undefined ? {} : { PGPASSWORD: password }) };
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, `--dbname=${url}`], { env, stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new CliError(
              `${tool} was not found on PATH. Install PostgreSQL's client programs, of the server's major version ` +
                'or newer (Debian: apt-get install postgresql-client), or add their directory to PATH.',
            )
          : error,
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new CliError(`${tool} failed (exit code ${code}):\n${stderr.trim()}`));
    });
  });
}
