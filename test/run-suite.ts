/**
 * `npm test`'s Vitest step (after typecheck, lint, import rules, build and the size check):
 *  - the end-to-end project and every other project run as two Vitest processes at once. Vitest
 *    runs a project that takes one file at a time (e2e: one site, one Chromium) after all the others,
 *    with a core idle for its four minutes; beside them it fills that core, and then runs the
 *    reliability files that drive Chromium (e2e-reliability). Its output is kept in
 *    .test-results/e2e.log and printed after, so the two never interleave;
 *  - both record the SQL statements each database ran (apps/server/src/db/statement-log.ts), and the
 *    run fails when one ran on a database and never on the other (test/statements/);
 *  - then where the time went: the slowest files and each project's total, over both processes.
 * Arguments go to both Vitest runs, e.g. `npm run test:all -- --bail=1`.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type FileTiming, timingReport } from './reporters/slowest-files';
import { compareStatements, comparisonReport, readStatements } from './statements/compare-statements';

const root = resolve(import.meta.dirname, '..');
const results = join(root, '.test-results');
const statements = join(results, 'statements');
const args = process.argv.slice(2);

type Run = { name: string; code: number | null; seconds: number; timings: FileTiming[] };

function vitest(name: string, projectArgs: string[], logFile?: string): Promise<Run> {
  const timingsFile = join(results, `timings-${name}.json`);
  const started = Date.now();
  const child = spawn(
    process.execPath,
    [join(root, 'node_modules/vitest/vitest.mjs'), 'run', ...projectArgs, ...args],
    {
      cwd: root,
      env: {
        ...process.env,
        TEST_STATEMENT_LOG_DIR: statements,
        VITEST_TIMINGS_FILE: timingsFile,
        // The combined report below replaces each process's own.
        VITEST_TIMINGS_QUIET: '1',
        ...(logFile ? { FORCE_COLOR: '0' } : {}),
      },
      stdio: logFile ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    },
  );
  if (logFile) {
    const log = createWriteStream(logFile);
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
  }
  return new Promise((done) =>
    child.on('close', (code) =>
      done({
        name,
        code,
        seconds: (Date.now() - started) / 1000,
        timings: existsSync(timingsFile) ? (JSON.parse(readFileSync(timingsFile, 'utf8')) as FileTiming[]) : [],
      }),
    ),
  );
}

rmSync(results, { recursive: true, force: true });
mkdirSync(statements, { recursive: true });
const e2eLog = join(results, 'e2e.log');
const [e2e, rest] = await Promise.all([
  // Every project named e2e… runs in the Chromium process, every other in the rest. One pattern
  // each: Vitest takes a project that matches ANY --project, so two negations would let both in.
  vitest('e2e', ['--project', 'e2e*'], e2eLog),
  vitest('rest', ['--project', '!e2e*']),
]);

console.log(`\n--- end-to-end (Chromium), run beside the above; its output from ${e2eLog}:\n`);
console.log(readFileSync(e2eLog, 'utf8'));

const timings = [...rest.timings, ...e2e.timings];
if (timings.length > 0) console.log(`\n${timingReport(timings)}`);
console.log(
  `Wall time: every project but e2e ${rest.seconds.toFixed(0)} s, e2e and e2e-reliability ${e2e.seconds.toFixed(0)} s, at once.\n`,
);

const comparison = compareStatements(readStatements(statements));
const neverOnBoth = comparison.onlyOn.pglite.length + comparison.onlyOn.postgres.length;
const emptySide = comparison.pglite === 0 || comparison.postgres === 0;
console.log(comparisonReport(comparison));
if (emptySide) console.log('One database ran nothing: was its run skipped?');
else if (neverOnBoth > 0) {
  console.log('Each statement must run on both databases: add a test on the other, or run that file on both.');
} else console.log('Every statement ran on both databases.');

const failed = [rest, e2e].filter((run) => run.code !== 0).map((run) => run.name);
if (failed.length > 0) console.log(`\nFAILED: ${failed.join(' and ')} (see above).`);
process.exit(failed.length > 0 || neverOnBoth > 0 || emptySide ? 1 : 0);
