/**
 * After every run, where the time went: the 15 slowest test files and each project's total, so a
 * file that grows slow shows up on the day it does. A report, never a timed test. A file's time is
 * what its worker spent on it: importing it (with the app it loads), setting up, and its tests.
 * `VITEST_TIMINGS_FILE` also writes every file's figures as JSON (test/run-suite.ts adds up the two
 * Vitest processes of `npm test` from them, with VITEST_TIMINGS_QUIET=1 for one report instead of two).
 */
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

const SLOWEST = 15;

export type FileTiming = { project: string; file: string; seconds: number; tests: number };

export function fileTiming(module: TestModule, root: string): FileTiming {
  const d = module.diagnostic();
  const ms = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
  return {
    project: module.project.name,
    file: relative(root, module.moduleId),
    seconds: ms / 1000,
    tests: [...module.children.allTests()].length,
  };
}

export function timingReport(timings: FileTiming[]): string {
  const lines = [`Slowest ${SLOWEST} test files (import, set-up and tests):`];
  for (const t of [...timings].sort((a, b) => b.seconds - a.seconds).slice(0, SLOWEST)) {
    lines.push(`  ${t.seconds.toFixed(1).padStart(6)} s  ${t.project.padEnd(22)} ${t.file}`);
  }
  const projects = new Map<string, { seconds: number; files: number; tests: number }>();
  for (const t of timings) {
    const p = projects.get(t.project) ?? { seconds: 0, files: 0, tests: 0 };
    projects.set(t.project, { seconds: p.seconds + t.seconds, files: p.files + 1, tests: p.tests + t.tests });
  }
  lines.push('Per project (worker time, summed over files; projects and files overlap in wall time):');
  for (const [name, p] of [...projects].sort((a, b) => b[1].seconds - a[1].seconds)) {
    lines.push(
      `  ${p.seconds.toFixed(1).padStart(6)} s  ${name.padEnd(22)} ${String(p.files).padStart(3)} files ${String(p.tests).padStart(5)} tests`,
    );
  }
  return lines.join('\n');
}

export default class SlowestFilesReporter implements Reporter {
  private root = process.cwd();

  onInit(vitest: { config: { root: string } }): void {
    this.root = vitest.config.root;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const timings = testModules.map((m) => fileTiming(m, this.root));
    if (timings.length === 0) return;
    if (process.env.VITEST_TIMINGS_QUIET !== '1') console.log(`\n${timingReport(timings)}\n`);
    const out = process.env.VITEST_TIMINGS_FILE;
    if (out) writeFileSync(out, JSON.stringify(timings, null, 2));
  }
}
