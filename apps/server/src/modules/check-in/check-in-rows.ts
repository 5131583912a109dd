/**
 * Reads of a session's check-ins as the devices and the staff see them: the kept ones, the
 * conflicts, with the name of the person whose ticket was shown twice.
 */
import type { CheckInConflict, RecordedCheckIn } from '@store/shared/check-in-sync';
import { CHECK_IN_METHODS, GUARDIANS } from '@store/shared/check-in-sync';
import { and, asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '#src/db/client';
import { registrantName } from '#src/modules/registrations/registrant-format';
import { registrants, tickets } from '#src/modules/registrations/tables';
import { type CheckIn, checkIns } from './tables';

type Reader = Pick<Database, 'select'>;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return values.find((known) => known === value) ?? null;
}

export function recorded(row: CheckIn): RecordedCheckIn {
  return {
    id: row.id,
    ticketId: row.ticketId,
    deviceId: row.deviceId,
    deviceName: row.deviceName,
    scannedAt: row.scannedAt.toISOString(),
    receivedAt: row.receivedAt.toISOString(),
    // The table's CHECK constraints hold these to the shared lists.
    method: oneOf(CHECK_IN_METHODS, row.method) ?? 'scan',
    guardian: oneOf(GUARDIANS, row.guardian),
  };
}

/** Every kept check-in of the session, the earliest received first. */
export async function keptCheckIns(db: Reader, sessionId: number): Promise<CheckIn[]> {
  return db
    .select()
    .from(checkIns)
    .where(and(eq(checkIns.sessionId, sessionId), eq(checkIns.outcome, 'kept')))
    .orderBy(asc(checkIns.receivedAt), asc(checkIns.id));
}

/** Every conflict of the session, with the kept check-in it lost to and the person's name. */
export async function sessionConflicts(db: Reader, sessionId: number): Promise<CheckInConflict[]> {
  const kept = alias(checkIns, 'kept');
  const rows = await db
    .select({ conflicting: checkIns, kept, firstName: registrants.firstName, lastName: registrants.lastName })
    .from(checkIns)
    .innerJoin(kept, eq(kept.id, checkIns.keptCheckInId))
    .innerJoin(tickets, eq(tickets.id, checkIns.ticketId))
    .innerJoin(registrants, eq(registrants.id, tickets.registrantId))
    .where(and(eq(checkIns.sessionId, sessionId), eq(checkIns.outcome, 'conflict')))
    .orderBy(asc(checkIns.receivedAt), asc(checkIns.id));
  return rows.map((row) => ({
    ticketId: row.conflicting.ticketId,
    name: registrantName(row),
    kept: recorded(row.kept),
    conflicting: recorded(row.conflicting),
  }));
}
