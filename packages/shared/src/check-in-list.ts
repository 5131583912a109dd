/**
 * The check-in list of one session: what a door (a volunteer's device, offline once downloaded)
 * needs besides the scanned code. Every live ticket with its signed code and the name to call out,
 * the revoked tickets' ids (a printout of a changed or cancelled ticket is refused), and the public
 * key the codes verify with (packages/shared/src/ticket-code.ts).
 *
 *   GET /api/staff/sessions/:id/check-in-list -> 200 checkInListSchema | 403 other_center | 404
 *   (owner, treasurer; a volunteer for their own center's sessions)
 *   GET /api/public/tickets/public-key -> 200 ticketPublicKeySchema
 */
import { z } from 'zod';

export const ticketPublicKeySchema = z.object({
  algorithm: z.literal('Ed25519'),
  /** The raw 32-byte public key, base64url. */
  publicKey: z.string(),
  /** The same key as a JSON Web Key (kty OKP, crv Ed25519), for WebCrypto's importKey. */
  jwk: z.object({ kty: z.literal('OKP'), crv: z.literal('Ed25519'), x: z.string() }),
});
export type TicketPublicKey = z.infer<typeof ticketPublicKeySchema>;

export const checkInGuardiansSchema = z.object({
  mother: z.string(),
  motherPhone: z.string(),
  father: z.string(),
  fatherPhone: z.string(),
});

export const checkInTicketSchema = z.object({
  ticketId: z.uuid(),
  /** The signed code the ticket's QR code carries. */
  code: z.string(),
  name: z.string(),
  /** 'Memorization' or 'Fluent Reading' for an adult, 'Child' for a minor. */
  category: z.string(),
  minor: z.boolean(),
  /** A minor's parents, so the door can reach them; null for an adult. */
  guardians: checkInGuardiansSchema.nullable(),
});
export type CheckInTicket = z.infer<typeof checkInTicketSchema>;

export const checkInListSchema = z.object({
  session: z.object({
    id: z.number().int().positive(),
    centerId: z.number().int().positive(),
    centerName: z.string(),
    hall: z.string(),
    address: z.string(),
    startsAt: z.string(),
    timeZone: z.string(),
  }),
  /** ISO 8601: a device keeps the newest list it has. */
  generatedAt: z.string(),
  publicKey: ticketPublicKeySchema,
  tickets: z.array(checkInTicketSchema),
  /** Ids of the session's revoked tickets. */
  revoked: z.array(z.uuid()),
});
export type CheckInList = z.infer<typeof checkInListSchema>;

/** What a ticket and the check-in list call a minor instead of an adult's category. */
export const CHILD_CATEGORY = 'Child';
