/** `npm run bench:report`: only the payment report benchmark (bench/report.ts), sizes from the environment. */
import { cpus, totalmem } from 'node:os';
import { runReportBench } from './report';

console.log(
  `machine: ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
);
console.log('\n## Payment report (GET /api/report-data, /api/report-data.csv)\n');
await runReportBench();
