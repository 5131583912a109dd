/**
 * The staff's live view of a session's doors: how many are checked in of how many registered, each
 * device and its last sync, the conflicts, and who has not arrived with the phone to call (a
 * child's parents'). Registered means a live ticket; a kept check-in counts while its ticket lives.
 */
import type { CheckInCounts, MissingRegistrant } from '@store/shared/check-in-sync';
import { and, asc, count, eq, isNull, max } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { doorGuardians, registrantName } from '#src/modules/registrations/registrant-format';
import { registrants, registrations, tickets } from '#src/modules/registrations/tables';
import { ticketCategory } from '#src/modules/tickets/ticket-document';
import { keptCheckIns, sessionConflicts } from './check-in-rows';
import { checkIns } from './tables';

type Reader = Pick<Database, 'select'>;

async function liveRegistrants(db: Reader, sessionId: number) {
  return db
    .select({ ticketId: tickets.id, registrant: registrants })
    .from(tickets)
    .innerJoin(registrants, eq(registrants.id, tickets.registrantId))
    .innerJoin(registrations, eq(registrations.id, registrants.registrationId))
    .where(and(eq(tickets.sessionId, sessionId), isNull(tickets.revokedAt)))
    .orderBy(asc(registrants.lastName), asc(registrants.firstName), asc(registrations.number));
}

async function devices(db: Reader, sessionId: number) {
  const rows = await db
    .select({
      deviceId: checkIns.deviceId,
      deviceName: max(checkIns.deviceName),
      kept: count(checkIns.id),
      lastReceivedAt: max(checkIns.receivedAt),
    })
    .from(checkIns)
    .where(and(eq(checkIns.sessionId, sessionId), eq(checkIns.outcome, 'kept')))
    .groupBy(checkIns.deviceId)
    .orderBy(asc(max(checkIns.deviceName)));
  return rows.map((row) => ({
    deviceId: row.deviceId,
    deviceName: row.deviceName ?? '',
    kept: Number(row.kept),
    lastReceivedAt: (row.lastReceivedAt ?? new Date(0)).toISOString(),
  }));
}

export async function doorCounts(db: Reader, sessionId: number, now = new Date()): Promise<CheckInCounts> {
  const [people, kept, conflicts, perDevice] = await Promise.all([
    liveRegistrants(db, sessionId),
    keptCheckIns(db, sessionId),
    sessionConflicts(db, sessionId),
    devices(db, sessionId),
  ]);
  const arrived = new Set(kept.map((row) => row.ticketId));
  const missing: MissingRegistrant[] = people
    .filter((person) => !arrived.has(person.ticketId))
    .map(({ ticketId, registrant }) => {
      const guardians = doorGuardians(registrant);
      return {
        ticketId,
        name: registrantName(registrant),
        category: ticketCategory(registrant),
        minor: guardians !== null,
        phone: guardians ? null : registrant.phone,
        guardians,
      };
    });
  return {
    sessionId,
    registered: people.length,
    checkedIn: people.length - missing.length,
    conflicts,
    devices: perDevice,
    missing,
    readAt: now.toISOString(),
  };
}
