/**
 * The event's staff numbers at size: 20,000 registrants (8,000 families of one to four people) across
 * site.json's seeded sessions, written straight with INSERT … SELECT, on PGlite and on a throw-away
 * PostgreSQL. Measured in this process, on the functions the routes call:
 *
 *   - the staff session list with its figures (readSessionsWithFigures: GET /api/staff/sessions),
 *     median of 20 after 3 warm-ups;
 *   - the report's hosts CSV (hostsCsvExport: GET /api/report-data.csv?table=hosts, every
 *     registrant with their session and live ticket), drained whole, median of 5 after 1 warm-up.
 *
 *   npm run bench:event-sessions   (bench/event-sessions-main.ts; EVENT_BENCH_FAMILIES, default 8,000;
 *                                   EVENT_BENCH_DATABASES, default pglite,postgres)
 *   npm run bench -- --only=event-sessions
 *
 * Families: every 20th waiting, every 33rd offered, the rest registered; every 50th registrant
 * cancelled alone; the registered hold tickets. Sessions get capacity for everyone (no category caps).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { siteSchema } from '@store/shared/site';
import { sql } from 'drizzle-orm';
import { type DbConnection, type OpenDatabaseOptions, openDatabase } from '../apps/server/src/db/client';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { readSessionsWithFigures } from '../apps/server/src/modules/event-admin/session-rows';
import { hostsCsvExport } from '../apps/server/src/modules/report/hosts-csv-export';
import { startThrowawayPostgres } from '../test/start-postgres';
import { loadLine, machineLine, median } from './support/stats';

const TIME_ZONE = 'America/Chicago';
const site = siteSchema.parse(JSON.parse(readFileSync(new URL('../config/site.json', import.meta.url), 'utf8')));
const centerName = (id: number) => site.centers.find((center) => center.id === id)?.name;

async function seed({ db }: DbConnection, families: number): Promise<number> {
  for (const seedRow of site.eventSessions) {
    await db.execute(sql`insert into event_sessions (center_id, hall, address, starts_at, time_zone, capacity, seed_key)
      values (${seedRow.centerId}, ${seedRow.hall}, ${seedRow.address}, ${seedRow.startsAt}, ${seedRow.timeZone}, 100000, ${seedRow.key})
      on conflict (seed_key) do nothing`);
  }
  await db.execute(sql`
    with s as (select array_agg(id order by id) as ids from event_sessions)
    insert into registrations (idempotency_key, request_hash, email, session_id, status, waitlist_rank, created_at)
    select 'bench-' || g, 'bench', 'family' || g || '@example.org', s.ids[1 + (g / 4) % array_length(s.ids, 1)],
      case when g % 20 = 0 then 'waiting' when g % 33 = 0 then 'offered' else 'registered' end,
      case when g % 20 = 0 or g % 33 = 0 then g end,
      now() - g * interval '1 minute'
    from generate_series(1, ${families}) g, s`);
  await db.execute(sql`
    insert into registrants (registration_id, position, age, email, first_name, last_name, gender, phone, category,
      mothers_name, mothers_phone, fathers_name, fathers_phone, country, state, city, zip, cancelled_at)
    select r.id, p, a.age, r.email, 'Person' || p, 'Family' || r.number, case when p % 2 = 0 then 'Male' else 'Female' end,
      case when a.age >= 18 then '512 555 0100' end,
      case when a.age >= 18 then (case when (r.number + p) % 3 = 0 then 'Fluent Reading' else 'Memorization' end) end,
      case when a.age < 18 then 'Asha Family' end, case when a.age < 18 then '512 555 0100' end,
      case when a.age < 18 then 'Ravi Family' end, case when a.age < 18 then '512 555 0101' end,
      'US', 'TX', 'Frisco', '75034',
      case when (r.number * 4 + p) % 50 = 0 then now() end
    from registrations r
    cross join lateral generate_series(1, 1 + r.number % 4) p
    cross join lateral (select case when p = 1 then 38 + r.number % 30 else (r.number * 7 + p) % 60 end as age) a
    where r.idempotency_key like 'bench-%'`);
  await db.execute(sql`
    insert into tickets (registrant_id, session_id)
    select p.id, r.session_id from registrants p join registrations r on r.id = p.registration_id
    where r.status = 'registered' and p.cancelled_at is null`);
  await db.execute(sql`
    update event_sessions s set taken = t.people from (
      select r.session_id, count(*) as people from registrations r join registrants p on p.registration_id = r.id
      where r.status in ('registered', 'offered') and p.cancelled_at is null group by r.session_id) t
    where t.session_id = s.id`);
  await db.execute(sql`analyze`);
  const [row] = (await db.execute<{ n: string }>(sql`select count(*) as n from registrants`)).rows;
  return Number(row?.n ?? 0);
}

async function timed(runs: number, warmups: number, work: () => Promise<void>): Promise<number> {
  for (let i = 0; i < warmups; i++) await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return median(times);
}

export type EventSessionsResult = {
  database: 'pglite' | 'postgres';
  registrants: number;
  sessions: number;
  sessionListMs: number;
  hostsCsvMs: number;
  csvRows: number;
};

type Log = (line: string) => void;

async function benchOne(options: OpenDatabaseOptions, families: number, log: Log): Promise<EventSessionsResult> {
  const connection = await openDatabase(options);
  try {
    await migrateDatabase(connection);
    const started = performance.now();
    const people = await seed(connection, families);
    log(
      `\n### ${options.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}\n\n${loadLine()}; seeded ${people.toLocaleString('en-US')} registrants in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const { db } = connection;
    const list = await timed(20, 3, async () => {
      await readSessionsWithFigures(db);
    });
    let lines = 0;
    let bytes = 0;
    const csv = await timed(5, 1, async () => {
      lines = 0;
      bytes = 0;
      for await (const chunk of hostsCsvExport({ db, filter: {}, timeZone: TIME_ZONE, centerName })) {
        bytes += Buffer.byteLength(chunk);
        for (const char of chunk) if (char === '\n') lines += 1;
      }
    });
    const sessions = await readSessionsWithFigures(db);
    log(`session list with figures (${sessions.length} sessions), median of 20: ${list.toFixed(1)} ms`);
    log(
      `hosts CSV (${(lines - 1).toLocaleString('en-US')} rows, ${(bytes / 2 ** 20).toFixed(1)} MiB), median of 5: ${csv.toFixed(0)} ms`,
    );
    log(`figures of the first session: ${JSON.stringify(sessions[0]?.figures)}`);
    return {
      database: options.kind,
      registrants: people,
      sessions: sessions.length,
      sessionListMs: list,
      hostsCsvMs: csv,
      csvRows: lines - 1,
    };
  } finally {
    await connection.close();
  }
}

export async function benchEventSessions({
  families,
  databases,
  log,
}: {
  families: number;
  databases: readonly string[];
  log: Log;
}): Promise<EventSessionsResult[]> {
  log(`${machineLine()}; ${new Date().toISOString()}; ${(families * 2.5).toLocaleString('en-US')} registrants`);
  const results: EventSessionsResult[] = [];
  if (databases.includes('pglite')) {
    const dir = mkdtempSync(join(tmpdir(), 'store-bench-event-'));
    try {
      results.push(await benchOne({ kind: 'pglite', dataDir: join(dir, 'pglite') }, families, log));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (databases.includes('postgres')) {
    const postgres = await startThrowawayPostgres();
    if (!postgres) {
      log('!!! PostgreSQL (initdb/pg_ctl) not found: the event sessions benchmark on PostgreSQL is SKIPPED !!!');
      return results;
    }
    try {
      results.push(await benchOne({ kind: 'postgres', url: postgres.url }, families, log));
    } finally {
      postgres.stop();
    }
  }
  return results;
}
