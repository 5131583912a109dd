/**
 * Staff creating and changing sessions, each change audited in its own transaction. A capacity may
 * never drop below the places already taken (the family holding them keeps them): the session's row
 * is locked first, so a registration racing the change either lands before it (and is counted) or
 * after it (and meets the new capacity). Places a change frees (a raised capacity or cap, a session
 * opened again) are offered to the waiting list in the same transaction.
 */
import {
  type CreateEventSessionRequest,
  staffEventSessionTexts as texts,
  type UpdateEventSessionRequest,
} from '@store/shared/staff-event-sessions';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { AppError } from '#src/errors/app-error';
import { type EventSession, eventSessions } from '#src/modules/event-sessions/tables';
import { type AuditActor, recordAudit } from '#src/modules/staff/audit';
import { offerFreedPlaces } from '#src/modules/waiting-list/offer-freed-places';

export type ManageSessionOptions = {
  actor: AuditActor;
  /** site.json eventSettings.offerHoldHours. */
  offerHoldHours: number;
};

/** What the audit keeps of a session: its editable fields. */
function auditedFields(row: EventSession) {
  return {
    centerId: row.centerId,
    hall: row.hall,
    address: row.address,
    startsAt: row.startsAt.toISOString(),
    timeZone: row.timeZone,
    capacity: row.capacity,
    memorizationCapacity: row.memorizationCapacity,
    fluentReadingCapacity: row.fluentReadingCapacity,
    archived: row.archived,
  };
}

export async function createSession(
  db: Database,
  input: CreateEventSessionRequest,
  { actor }: Pick<ManageSessionOptions, 'actor'>,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(eventSessions)
      .values({
        centerId: input.centerId,
        hall: input.hall,
        address: input.address,
        startsAt: new Date(input.startsAt),
        timeZone: input.timeZone,
        capacity: input.capacity,
        memorizationCapacity: input.memorizationCapacity ?? null,
        fluentReadingCapacity: input.fluentReadingCapacity ?? null,
      })
      .returning();
    if (!row) throw new Error('the session insert returned no row');
    await recordAudit(tx, {
      actor,
      action: 'event-session.create',
      targetType: 'event_session',
      targetId: String(row.id),
      after: auditedFields(row),
    });
    return row.id;
  });
}

/** A cap below what its category already holds; null when the change is allowed. */
function capBelowTaken(cap: number | null | undefined, taken: number): boolean {
  return cap !== undefined && cap !== null && cap < taken;
}

/** A cap that lets more people in than before (raised, or removed). */
function capRaised(before: number | null, after: number | null | undefined): boolean {
  if (after === undefined) return false;
  if (after === null) return before !== null;
  return before !== null && after > before;
}

export async function updateSession(
  db: Database,
  id: number,
  change: UpdateEventSessionRequest,
  { actor, offerHoldHours }: ManageSessionOptions,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(eventSessions).where(eq(eventSessions.id, id)).for('update');
    if (!before) return false;
    if (change.capacity !== undefined && change.capacity < before.taken) {
      throw new AppError('conflict', texts.capacityBelowTaken(before.taken), {
        fields: { capacity: texts.capacityBelowTaken(before.taken) },
      });
    }
    if (capBelowTaken(change.memorizationCapacity, before.memorizationTaken)) {
      throw new AppError('conflict', texts.categoryBelowTaken(before.memorizationTaken), {
        fields: { memorizationCapacity: texts.categoryBelowTaken(before.memorizationTaken) },
      });
    }
    if (capBelowTaken(change.fluentReadingCapacity, before.fluentReadingTaken)) {
      throw new AppError('conflict', texts.categoryBelowTaken(before.fluentReadingTaken), {
        fields: { fluentReadingCapacity: texts.categoryBelowTaken(before.fluentReadingTaken) },
      });
    }
    const [after] = await tx
      .update(eventSessions)
      .set({
        ...(change.hall === undefined ? {} : { hall: change.hall }),
        ...(change.address === undefined ? {} : { address: change.address }),
        ...(change.startsAt === undefined ? {} : { startsAt: new Date(change.startsAt) }),
        ...(change.timeZone === undefined ? {} : { timeZone: change.timeZone }),
        ...(change.capacity === undefined ? {} : { capacity: change.capacity }),
        ...(change.memorizationCapacity === undefined ? {} : { memorizationCapacity: change.memorizationCapacity }),
        ...(change.fluentReadingCapacity === undefined ? {} : { fluentReadingCapacity: change.fluentReadingCapacity }),
        ...(change.archived === undefined ? {} : { archived: change.archived }),
        updatedAt: new Date(),
      })
      .where(eq(eventSessions.id, id))
      .returning();
    if (!after) throw new Error('the locked session vanished');
    const freesPlaces =
      !after.archived &&
      (after.capacity > before.capacity ||
        before.archived ||
        capRaised(before.memorizationCapacity, change.memorizationCapacity) ||
        capRaised(before.fluentReadingCapacity, change.fluentReadingCapacity));
    if (freesPlaces) await offerFreedPlaces(tx, { sessionId: id, offerHoldHours });
    await recordAudit(tx, {
      actor,
      action: 'event-session.update',
      targetType: 'event_session',
      targetId: String(id),
      before: auditedFields(before),
      after: auditedFields(after),
    });
    return true;
  });
}
