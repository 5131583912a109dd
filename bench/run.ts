/**
 * `npm run bench`: every figure in bench/BENCHMARKS.md. Builds the web app first.
 * Figures are printed as a Markdown block to paste into BENCHMARKS.md with the machine line.
 */
import { execFileSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import { runReportBench } from './report';
import { measureStartTime } from './start-time';

const run = (cmd: string, args: string[]) =>
  execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });

console.log(
  `machine: ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
);
run('npm', ['run', 'build', '--silent']);
console.log('\n## First-load JS of / (gzip -9)\n');
console.log(run('npm', ['run', 'size', '--silent', '-w', '@store/web']));

console.log('## Server start on an existing data directory (PGlite), to first /healthz 200\n');
const start = await measureStartTime(5);
console.log(`first start (creates + migrates): ${start.firstMs.toFixed(0)} ms`);
console.log(
  `restarts: ${start.runsMs.map((ms) => ms.toFixed(0)).join(', ')} ms; median ${start.medianMs.toFixed(0)} ms`,
);

console.log('\n## Payment report (GET /api/report-data, /api/report-data.csv)\n');
console.log('sizes: REPORT_BENCH_PG_ROWS (default 1000000), REPORT_BENCH_PGLITE_ROWS (default 100000)\n');
await runReportBench();
