/**
 * Registrations as the back office reads them (issue 21), newest first, 50 a page, each with its
 * session and status. A volunteer sees those of their center's sessions (`centerId`), and those with
 * a registrant living in their center's state or province (`region`, e.g. 'TX', from
 * center-region.ts): registrations made before the event had sessions name no center.
 */

import type { staffRegistrationPageSchema } from '@store/shared/staff';
import { sessionLabel } from '@store/shared/staff-event-sessions';
import { and, asc, desc, eq, exists, inArray, lt, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '#src/db/client';
import { eventSessions } from '#src/modules/event-sessions/tables';
import { registrants, registrations } from '#src/modules/registrations/tables';
import { decodeCursor, encodeCursor } from '#src/modules/report/cursor';

export const STAFF_REGISTRATION_PAGE_SIZE = 50;
type Page = z.infer<typeof staffRegistrationPageSchema>;

const createdAtUtc = sql<string>`to_char(${registrations.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export type StaffRegistrationScope = {
  cursor?: string | undefined;
  /** A volunteer's: their center's state or province, and their center (its sessions). */
  region?: string | undefined;
  centerId?: number | undefined;
  /** Center names by id (as staff edit them now). */
  centerName: (centerId: number) => string | undefined;
};

export async function listStaffRegistrations(
  db: Database,
  { cursor, region, centerId, centerName }: StaffRegistrationScope,
): Promise<Page> {
  const after = cursor === undefined ? undefined : decodeCursor(cursor);
  const inRegion =
    region === undefined
      ? undefined
      : exists(
          db
            .select({ one: sql`1` })
            .from(registrants)
            .where(and(eq(registrants.registrationId, registrations.id), eq(sql`upper(${registrants.state})`, region))),
        );
  const before =
    after === undefined
      ? undefined
      : or(
          lt(registrations.createdAt, sql`${after.createdAt}::timestamptz`),
          and(eq(registrations.createdAt, sql`${after.createdAt}::timestamptz`), lt(registrations.id, after.id)),
        );
  const atCenter = centerId === undefined ? undefined : eq(eventSessions.centerId, centerId);
  const inScope = inRegion && atCenter ? or(inRegion, atCenter) : undefined;
  const rows = await db
    .select({
      id: registrations.id,
      createdAt: createdAtUtc,
      email: registrations.email,
      status: registrations.status,
      sessionCenterId: eventSessions.centerId,
      sessionHall: eventSessions.hall,
      sessionStart: sql<
        string | null
      >`to_char(${eventSessions.startsAt} at time zone ${eventSessions.timeZone}, 'YYYY-MM-DD HH24:MI')`,
    })
    .from(registrations)
    .leftJoin(eventSessions, eq(eventSessions.id, registrations.sessionId))
    .where(and(inScope ?? inRegion ?? atCenter, before))
    .orderBy(desc(registrations.createdAt), desc(registrations.id))
    .limit(STAFF_REGISTRATION_PAGE_SIZE + 1);
  const page = rows.slice(0, STAFF_REGISTRATION_PAGE_SIZE);
  const people = page.length
    ? await db
        .select({
          registrationId: registrants.registrationId,
          firstName: registrants.firstName,
          lastName: registrants.lastName,
          age: registrants.age,
          city: registrants.city,
          state: registrants.state,
          country: registrants.country,
        })
        .from(registrants)
        .where(
          inArray(
            registrants.registrationId,
            page.map((r) => r.id),
          ),
        )
        .orderBy(asc(registrants.position))
    : [];
  const last = page.at(-1);
  return {
    registrations: page.map((row) => ({
      id: row.id,
      createdAt: `${row.createdAt.slice(0, 23)}Z`,
      email: row.email,
      session:
        row.sessionCenterId === null || row.sessionHall === null
          ? null
          : sessionLabel(centerName(row.sessionCenterId) ?? '', row.sessionHall, row.sessionStart ?? ''),
      status: row.status,
      people: people
        .filter((p) => p.registrationId === row.id)
        .map((p) => ({
          name: `${p.firstName} ${p.lastName}`,
          age: p.age,
          city: p.city,
          state: p.state,
          country: p.country,
        })),
    })),
    nextCursor:
      rows.length > STAFF_REGISTRATION_PAGE_SIZE && last
        ? encodeCursor({ createdAt: last.createdAt, id: last.id })
        : null,
  };
}
