/**
 * `npm run typecheck`: `tsc` on every workspace, two at a time (the machines have two cores, and
 * each `tsc` uses one: 34 s one after another, about 19 s in pairs). Each project's output is printed
 * whole when it ends, so two never interleave; the run fails if any project does.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const tsc = resolve(root, 'node_modules/typescript/bin/tsc');
// The slowest first, so the last pair is not left waiting on one long project.
const projects = ['apps/server', 'reliability', 'e2e', 'apps/web', 'packages/shared'];
const PARALLEL = 2;

function check(project: string): Promise<boolean> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [tsc, '-p', project], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('close', (code) => {
      if (output) process.stdout.write(output);
      if (code !== 0) console.error(`tsc -p ${project} failed (exit ${code})`);
      done(code === 0);
    });
  });
}

const queue = [...projects];
const results: boolean[] = [];
await Promise.all(
  Array.from({ length: PARALLEL }, async () => {
    for (let project = queue.shift(); project !== undefined; project = queue.shift())
      results.push(await check(project));
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
