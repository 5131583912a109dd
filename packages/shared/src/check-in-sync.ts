/**
 * Check-in at the door: what a device sends when it syncs, and what the staff read back.
 *
 * A device downloads a session's check-in list (check-in-list.ts), then checks tickets in offline.
 * Each check-in has an id made on the device; the device sends its waiting check-ins in the order it
 * made them, and the server answers each: KEPT (the first the server received for the ticket), or a
 * CONFLICT naming the kept one (another device got there first), or REFUSED with the reason. Sending
 * the same check-in again (a reply lost, a phone reloaded mid-sync) answers what it answered the
 * first time and stores nothing new. Every sync, even with nothing to send, returns the session's
 * kept check-ins, conflicts and revocations, so an online device also knows what the others did.
 * Why the first received is kept: decision 0039.
 *
 *   POST /api/staff/sessions/:id/check-ins/sync  (checkIn; a volunteer: their center's sessions)
 *        checkInSyncRequestSchema -> 200 checkInSyncResponseSchema | 400 | 403 other_center | 404
 *   GET  /api/staff/sessions/:id/check-ins       (checkIn) -> 200 checkInCountsSchema | 403 | 404
 */
import { z } from 'zod';

export const CHECK_IN_METHODS = ['scan', 'search'] as const;
export type CheckInMethod = (typeof CHECK_IN_METHODS)[number];

/** The guardian a volunteer confirmed was present with a minor. */
export const GUARDIANS = ['mother', 'father'] as const;
export type Guardian = (typeof GUARDIANS)[number];

/** At most this many check-ins in one sync request; a device with more sends them in turns. */
export const MAX_CHECK_INS_PER_SYNC = 500;
export const MAX_DEVICE_NAME_LENGTH = 60;

const instant = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date and time with its offset' });

export const deviceNameSchema = z
  .string('is required')
  .trim()
  .min(1, 'is required')
  .max(MAX_DEVICE_NAME_LENGTH, `must be at most ${MAX_DEVICE_NAME_LENGTH} characters`)
  .refine((value) => !value.includes('\u0000'), 'must not contain NUL characters');

/** One check-in as the device made it. */
export const deviceCheckInSchema = z.strictObject({
  id: z.uuid('must be a UUID'),
  ticketId: z.uuid('must be a UUID'),
  /** The device's clock at the check-in. */
  scannedAt: instant,
  method: z.enum(CHECK_IN_METHODS),
  /** Required for a minor's ticket (refused as guardian_required without it), null for an adult's. */
  guardian: z.enum(GUARDIANS).nullable(),
});
export type DeviceCheckIn = z.infer<typeof deviceCheckInSchema>;

export const checkInSyncRequestSchema = z.strictObject({
  /** Made once per device and kept in its storage. */
  deviceId: z.uuid('must be a UUID'),
  /** What the volunteer called the device ('North door'): shown to the other devices in a conflict. */
  deviceName: deviceNameSchema,
  /** In the order the device made them; may be empty (a sync that only reads). */
  checkIns: z
    .array(deviceCheckInSchema)
    .max(MAX_CHECK_INS_PER_SYNC, `must hold at most ${MAX_CHECK_INS_PER_SYNC} check-ins`),
});
export type CheckInSyncRequest = z.infer<typeof checkInSyncRequestSchema>;

/** A check-in the server holds. */
export const recordedCheckInSchema = z.object({
  id: z.uuid(),
  ticketId: z.uuid(),
  deviceId: z.uuid(),
  deviceName: z.string(),
  scannedAt: z.string(),
  receivedAt: z.string(),
  method: z.enum(CHECK_IN_METHODS),
  guardian: z.enum(GUARDIANS).nullable(),
});
export type RecordedCheckIn = z.infer<typeof recordedCheckInSchema>;

/**
 * kept: this check-in is the ticket's. conflict: another device's was received first (`kept`).
 * The refusals store nothing: revoked (the ticket was revoked), not_this_session (the ticket is
 * another session's), unknown_ticket (no such ticket), guardian_required (a minor without the
 * guardian the volunteer confirmed).
 */
export const CHECK_IN_RESULTS = [
  'kept',
  'conflict',
  'revoked',
  'not_this_session',
  'unknown_ticket',
  'guardian_required',
] as const;
export type CheckInResult = (typeof CHECK_IN_RESULTS)[number];

export const checkInSyncResultSchema = z.object({
  /** The device's check-in id. */
  id: z.uuid(),
  result: z.enum(CHECK_IN_RESULTS),
  /** For a conflict: the check-in the server kept; null otherwise. */
  kept: recordedCheckInSchema.nullable(),
});
export type CheckInSyncResult = z.infer<typeof checkInSyncResultSchema>;

/** Two devices checked in one ticket: the kept check-in and the one refused as a conflict. */
export const checkInConflictSchema = z.object({
  ticketId: z.uuid(),
  name: z.string(),
  kept: recordedCheckInSchema,
  conflicting: recordedCheckInSchema,
});
export type CheckInConflict = z.infer<typeof checkInConflictSchema>;

export const checkInSyncResponseSchema = z.object({
  /** One per check-in sent, in the order sent. */
  results: z.array(checkInSyncResultSchema),
  /** Every check-in the server kept for this session, every device's. */
  kept: z.array(recordedCheckInSchema),
  /** Every conflict of this session. */
  conflicts: z.array(checkInConflictSchema),
  /** The session's revoked tickets now (a ticket may be revoked after the list was downloaded). */
  revoked: z.array(z.uuid()),
  /** The server's clock: when this answer was made. */
  syncedAt: z.string(),
});
export type CheckInSyncResponse = z.infer<typeof checkInSyncResponseSchema>;

/** Someone registered for the session and not yet checked in, and how to reach them. */
export const missingRegistrantSchema = z.object({
  ticketId: z.uuid(),
  name: z.string(),
  category: z.string(),
  minor: z.boolean(),
  /** An adult's own phone; null for a minor (their guardians' are below). */
  phone: z.string().nullable(),
  guardians: z
    .object({ mother: z.string(), motherPhone: z.string(), father: z.string(), fatherPhone: z.string() })
    .nullable(),
});
export type MissingRegistrant = z.infer<typeof missingRegistrantSchema>;

export const checkInDeviceSchema = z.object({
  deviceId: z.uuid(),
  deviceName: z.string(),
  /** Check-ins this device sent that were kept. */
  kept: z.number().int().nonnegative(),
  /** When the device's newest check-in reached the server. */
  lastReceivedAt: z.string(),
});

export const checkInCountsSchema = z.object({
  sessionId: z.number().int().positive(),
  /** Live tickets of the session: the people expected. */
  registered: z.number().int().nonnegative(),
  checkedIn: z.number().int().nonnegative(),
  conflicts: z.array(checkInConflictSchema),
  devices: z.array(checkInDeviceSchema),
  /** Who is registered and not checked in, by name. */
  missing: z.array(missingRegistrantSchema),
  /** When these figures were read. */
  readAt: z.string(),
});
export type CheckInCounts = z.infer<typeof checkInCountsSchema>;
