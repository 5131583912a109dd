/** `npm run bench:event-sessions`: bench/event-sessions.ts alone, as bench/BENCHMARKS.md shows it. */
import { benchEventSessions } from './event-sessions';

await benchEventSessions({
  families: Number(process.env.EVENT_BENCH_FAMILIES ?? 8_000),
  databases: (process.env.EVENT_BENCH_DATABASES ?? 'pglite,postgres').split(','),
  log: (line) => console.log(line),
});
