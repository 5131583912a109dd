/**
 * main.ts as `npm run serve` runs it, for the tests: a child process under tsx with only PATH and
 * the given environment, its combined output, and how it exited.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { statementLogEnv } from '#src/db/statement-log';

const MAIN = join(import.meta.dirname, '../src/main.ts');

export type MainRun = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

export function startMain(env: Record<string, string>, args: string[] = []): MainRun {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], {
    env: { PATH: process.env.PATH ?? '', ...statementLogEnv(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}
