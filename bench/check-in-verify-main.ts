/** `npm run bench:check-in`: bench/check-in-verify.ts alone, as bench/BENCHMARKS.md shows it. */
import { benchCheckInVerify } from './check-in-verify';

await benchCheckInVerify({
  tickets: Number(process.env.CHECK_IN_BENCH_TICKETS ?? 3_000),
  log: (line) => console.log(line),
});
