/**
 * An operator's command (`npm run backup`, `npm run statements`…) as a child process under tsx,
 * with only PATH and the given environment: its exit code and what it printed.
 */
import { spawn } from 'node:child_process';
import { statementLogEnv } from '#src/db/statement-log';

export type CliRun = { code: number | null; stdout: string; stderr: string };

export function runCli(script: string, args: string[], env: Record<string, string>): Promise<CliRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    env: { PATH: process.env.PATH ?? '', ...statementLogEnv(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}
