/**
 * An operator's command (`npm run backup`, `npm run statements`…), two ways:
 *  - `runCli`: a child process under tsx, with only PATH and the given environment, as the operator
 *    runs it: its exit code and what it printed. A test proves each command this way at least once.
 *  - `runInProcess`: the same command function and the same exit-code rules (run-command.ts) in the
 *    test's own process, without a second of tsx and module loading: for the other cases.
 */
import { spawn } from 'node:child_process';
import { format } from 'node:util';
import { type Command, exitCodeOf } from '#src/cli/run-command';
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

/** What the command would print and exit with, each line ended as console.log and console.error end it. */
export async function runInProcess(command: Command, args: string[]): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await exitCodeOf(command, args, {
    log: (line) => {
      stdout += `${line}\n`;
    },
    error: (...values) => {
      stderr += `${format(...values)}\n`;
    },
  });
  return { code, stdout, stderr };
}
