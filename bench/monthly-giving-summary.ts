/**
 * The report's monthly giving summary at size (issue 22): `npm run bench:report`'s 1,000,000 orders
 * (with its 10,000 monthly gifts and their charges) on a throw-away PostgreSQL, then the summary's
 * statement alone, timed in this process (median of 30 after 3 warm-ups), and its plan: GET
 * /api/report-data runs it beside its other reads, each on a pooled connection of its own.
 *
 *   node --import tsx bench/monthly-giving-summary.ts        (MONTHLY_BENCH_ROWS, default 1,000,000)
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client';
import { monthlyGivingSummary } from '../apps/server/src/modules/monthly-giving/summary';
import { startThrowawayPostgres } from '../test/start-postgres';
import { fill } from './report';
import { median } from './support/stats';

const rows = Number(process.env.MONTHLY_BENCH_ROWS ?? 1_000_000);
const postgres = await startThrowawayPostgres();
if (!postgres) throw new Error('PostgreSQL (initdb/pg_ctl) not found');
try {
  await fill({ kind: 'postgres', url: postgres.url }, rows, (line) => console.error(line));
  const connection = await openDatabase({ kind: 'postgres', url: postgres.url });
  try {
    const db = connection.db;
    for (let i = 0; i < 3; i++) await monthlyGivingSummary(db);
    const runs: number[] = [];
    const centerRuns: number[] = [];
    for (let i = 0; i < 30; i++) {
      let started = performance.now();
      await monthlyGivingSummary(db);
      runs.push(performance.now() - started);
      started = performance.now();
      await monthlyGivingSummary(db, { centerId: 2 });
      centerRuns.push(performance.now() - started);
    }
    console.log(
      `orders: ${rows.toLocaleString('en-US')} succeeded; summary: ${JSON.stringify(await monthlyGivingSummary(db))}`,
    );
    console.log(
      `monthlyGivingSummary median of 30: ${median(runs).toFixed(2)} ms; one center: ${median(centerRuns).toFixed(2)} ms`,
    );
    const failed = await db.execute<{ 'QUERY PLAN': string }>(sql`explain (analyze, buffers)
      select count(*) from orders where monthly_gift_id is not null and status = 'failed'
        and created_at >= now() - 30 * interval '1 day'`);
    console.log(failed.rows.map((r) => r['QUERY PLAN']).join('\n'));
  } finally {
    await connection.close();
  }
} finally {
  postgres.stop();
}
