/**
 * Check-ins at the door. A device (a volunteer's phone, offline for most of the day) makes each
 * check-in with an id of its own and sends it when it can; the id is the primary key, so the same
 * check-in sent twice is stored once. The first check-in the server receives for a ticket is KEPT
 * (the partial unique index below); any later one from another device is stored too, as a conflict
 * naming the kept one, so both devices and the staff can see it. Why the first received and not the
 * earliest scanned: decision 0039.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { admins } from '#src/modules/admins/tables';
import { eventSessions } from '#src/modules/event-sessions/tables';
import { tickets } from '#src/modules/registrations/tables';

export const checkIns = pgTable(
  'check_ins',
  {
    /** Made on the device when the volunteer checked the ticket in. */
    id: uuid('id').primaryKey(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => eventSessions.id),
    /** The device's own id (made once, kept in its storage) and the name the volunteer gave it. */
    deviceId: uuid('device_id').notNull(),
    deviceName: text('device_name').notNull(),
    /** The device's clock when the ticket was checked in (it may have been offline for hours). */
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull(),
    /** When the server received it: the first received is the one kept. */
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** 'scan' (the QR code) or 'search' (a ticket left at home). */
    method: text('method').notNull(),
    /** For a minor: the guardian the volunteer confirmed was present, 'mother' or 'father'. */
    guardian: text('guardian'),
    /** 'kept', or 'conflict' when another device's check-in of the ticket was received first. */
    outcome: text('outcome').notNull(),
    /** For a conflict: the kept check-in. */
    keptCheckInId: uuid('kept_check_in_id'),
    /** The staff member signed in on the device that sent it (null once that account is deleted). */
    staffId: uuid('staff_id').references(() => admins.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('check_ins_one_kept_per_ticket').on(t.ticketId).where(sql`${t.outcome} = 'kept'`),
    index('check_ins_session_idx').on(t.sessionId, t.outcome),
    check('check_ins_outcome_known', sql`${t.outcome} in ('kept', 'conflict')`),
    check('check_ins_method_known', sql`${t.method} in ('scan', 'search')`),
    check('check_ins_guardian_known', sql`${t.guardian} is null or ${t.guardian} in ('mother', 'father')`),
    check('check_ins_conflict_names_kept', sql`(${t.outcome} = 'kept') = (${t.keptCheckInId} is null)`),
  ],
);
export type CheckIn = typeof checkIns.$inferSelect;
