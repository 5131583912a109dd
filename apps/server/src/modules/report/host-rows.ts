/**
 * The report's `hosts` (DESIGN.md "Data that SPEC.md leaves open"): one row per registered person,
 * newest registration first, then in the form's order. One query for the page and the CSV, so the
 * two can never disagree.
 *
 * The filter: `from` / `to` are the foundation's days of the registration (the same bounds as the
 * donors'); `q` is contained (any case) in the registrant's name or e-mail (the rows of the people
 * who match), or is exactly a registration number (BGM-000042: all its people); `center` does not
 * apply, registrations have none.
 *
 * The query picks registrations first, newest first by the (created_at, id) index, and only then
 * joins their people by (registration_id, position), so no sort over the whole join: on 10,000
 * registrations of three people, the page's SQL ran in 14 ms (EXPLAIN ANALYZE, PGlite). Batches of
 * whole registrations also keep the CSV's keyset simple: after a registration, never inside one.
 * What is left is moving rows: reading all 30,000 people took 2 s on PGlite and the whole CSV about
 * 4 s on either database, on a loaded 2-core machine. "Contains" has no trigram index: an event
 * has thousands of people, not millions; a search scanned those 30,000 in 0.1–0.3 s.
 */
import { formatRegistrationNumber, parseRegistrationNumber } from '@store/shared/registration';
import type { HostRow } from '@store/shared/report';
import { sessionLabel } from '@store/shared/staff-event-sessions';
import { and, asc, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { containsPattern } from '#src/db/contains-pattern';
import { eventSessions } from '#src/modules/event-sessions/tables';
import { locationText, parentsText, registrantName } from '#src/modules/registrations/registrant-format';
import { registrants, registrations, tickets } from '#src/modules/registrations/tables';
import { dayRangeConditions, type ReportFilter } from './report-filter';

/** The last registration of a batch; the next batch starts after it. */
export type HostPosition = { createdAt: string; registrationId: string };

/** What `q` asks for: people whose name or e-mail contains it, or the registration it numbers. */
type Search = { pattern: string; number: number | null };

function searchOf(q: string | undefined): Search | null {
  // An empty search (the box cleared) searches nothing.
  return q ? { pattern: containsPattern(q), number: parseRegistrationNumber(q) } : null;
}

/** The person's name or e-mail contains the pattern. */
function personMatches(search: Search): SQL {
  return sql`((${registrants.firstName} || ' ' || ${registrants.lastName}) ilike ${search.pattern} or ${registrants.email} ilike ${search.pattern})`;
}

/** Which registrations: the days, after `after`, and someone in them matching (or the number). */
function registrationConditions(
  filter: ReportFilter,
  timeZone: string,
  after: HostPosition | undefined,
  search: Search | null,
): SQL[] {
  const conditions = dayRangeConditions(registrations.createdAt, filter, timeZone);
  if (after) {
    conditions.push(
      sql`(${registrations.createdAt}, ${registrations.id}) < (${after.createdAt}::timestamptz, ${after.registrationId}::uuid)`,
    );
  }
  if (search) {
    const someoneMatches = sql`exists (select 1 from ${registrants} where ${registrants.registrationId} = ${registrations.id} and ${personMatches(search)})`;
    const byNumber = search.number === null ? undefined : eq(registrations.number, search.number);
    conditions.push(or(byNumber, someoneMatches) ?? someoneMatches);
  }
  return conditions;
}

export type ReadHostRecordsOptions = {
  db: Database;
  filter: ReportFilter;
  timeZone: string;
  after?: HostPosition | undefined;
  /** Registrations per batch (each has 1 to 20 people). */
  registrationLimit: number;
  /** Rows at most (the page's cap); unset: every person of the batch. */
  rowLimit?: number | undefined;
};

export async function readHostRecords(options: ReadHostRecordsOptions) {
  const { db, filter, timeZone, after, registrationLimit, rowLimit } = options;
  const search = searchOf(filter.q);
  const batch = db
    .select({
      id: registrations.id,
      number: registrations.number,
      sessionId: registrations.sessionId,
      status: registrations.status,
      createdAt: registrations.createdAt,
      /** UTC, ISO 8601 with microseconds: exact enough to page by (drivers parse timestamps differently). */
      createdAtIso:
        sql<string>`to_char(${registrations.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as(
          'created_at_iso',
        ),
      /** The foundation's local date and time, `YYYY-MM-DD HH:MM:SS` (spreadsheets read it as a date). */
      localTime: sql<string>`to_char(${registrations.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`.as(
        'local_time',
      ),
    })
    .from(registrations)
    .where(and(...registrationConditions(filter, timeZone, after, search)))
    // Ties (same microsecond) broken by id, so the order is total and batches never overlap.
    .orderBy(desc(registrations.createdAt), desc(registrations.id))
    .limit(registrationLimit)
    .as('batch');
  // Within a registration found by a person's name or e-mail, only the people who match; all of
  // them in a registration found by its number.
  const personFilter = search
    ? or(search.number === null ? undefined : eq(batch.number, search.number), personMatches(search))
    : undefined;
  const query = db
    .select({
      registrationId: batch.id,
      number: batch.number,
      createdAt: batch.createdAtIso,
      localTime: batch.localTime,
      position: registrants.position,
      age: registrants.age,
      email: registrants.email,
      firstName: registrants.firstName,
      lastName: registrants.lastName,
      gender: registrants.gender,
      phone: registrants.phone,
      category: registrants.category,
      mothersName: registrants.mothersName,
      mothersPhone: registrants.mothersPhone,
      fathersName: registrants.fathersName,
      fathersPhone: registrants.fathersPhone,
      country: registrants.country,
      state: registrants.state,
      city: registrants.city,
      zip: registrants.zip,
      /** The person's own state: one cancelled from the family's page is cancelled, whatever the family's. */
      status: sql<string>`case when ${registrants.cancelledAt} is null then ${batch.status} else 'cancelled' end`,
      sessionCenterId: eventSessions.centerId,
      sessionHall: eventSessions.hall,
      /** The session's start in its own zone, as the family's ticket says it. */
      sessionStart: sql<
        string | null
      >`to_char(${eventSessions.startsAt} at time zone ${eventSessions.timeZone}, 'YYYY-MM-DD HH24:MI')`,
      ticketId: tickets.id,
    })
    .from(batch)
    .innerJoin(registrants, eq(registrants.registrationId, batch.id))
    .leftJoin(eventSessions, eq(eventSessions.id, batch.sessionId))
    // At most one live ticket per registrant (a partial unique index), so no person is repeated.
    .leftJoin(tickets, and(eq(tickets.registrantId, registrants.id), isNull(tickets.revokedAt)))
    .where(personFilter)
    .orderBy(desc(batch.createdAt), desc(batch.id), asc(registrants.position));
  return rowLimit === undefined ? query : query.limit(rowLimit);
}

export type HostRecord = Awaited<ReturnType<typeof readHostRecords>>[number];

export function hostPosition(record: HostRecord): HostPosition {
  return { createdAt: record.createdAt, registrationId: record.registrationId };
}

/** Center names by id (centers as staff edit them now): sessions store the id only. */
export type CenterNameOf = (centerId: number) => string | undefined;

/** 'Dallas Center, Texas · Datta Auditorium · 2027-05-15 09:00'; null for a registration made before sessions. */
export function hostSessionText(record: HostRecord, centerName: CenterNameOf): string | null {
  if (record.sessionCenterId === null || record.sessionHall === null) return null;
  return sessionLabel(centerName(record.sessionCenterId) ?? '', record.sessionHall, record.sessionStart ?? '');
}

export function toHostRow(record: HostRecord, centerName: CenterNameOf): HostRow {
  return {
    registrationNumber: formatRegistrationNumber(record.number),
    // Milliseconds, the usual ISO shape, as the donors' dates.
    date: `${record.createdAt.slice(0, 23)}Z`,
    name: registrantName(record),
    email: record.email,
    age: record.age,
    gender: record.gender,
    category: record.category,
    phone: record.phone,
    parents: parentsText(record),
    location: locationText(record),
    session: hostSessionText(record, centerName),
    status: record.status,
    ticketId: record.ticketId,
  };
}
