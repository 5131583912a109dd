/**
 * Issuing and revoking tickets, in the caller's transaction: a registration that gets its places gets
 * its tickets in the same commit, and a change revokes the old ticket in the commit that makes it.
 * What a ticket looks like (its signed QR payload, its PDF) is the tickets module's, made from these rows.
 */
import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { type Ticket, tickets } from './tables';

type Executor = Pick<Database, 'insert' | 'update'>;

export type RevokeReason = 'changed' | 'moved' | 'cancelled';

/** One live ticket per registrant, in `sessionId`. Call after revoking a registrant's old one. */
export async function issueTickets(
  tx: Executor,
  sessionId: number,
  registrantIds: readonly string[],
): Promise<Ticket[]> {
  if (registrantIds.length === 0) return [];
  return tx
    .insert(tickets)
    .values(registrantIds.map((registrantId) => ({ registrantId, sessionId })))
    .returning();
}

/** Revokes the registrants' live tickets; returns the revoked ids (for the audit and the check-in list). */
export async function revokeTickets(
  tx: Executor,
  registrantIds: readonly string[],
  reason: RevokeReason,
): Promise<string[]> {
  if (registrantIds.length === 0) return [];
  const rows = await tx
    .update(tickets)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(inArray(tickets.registrantId, [...registrantIds]), isNull(tickets.revokedAt)))
    .returning({ id: tickets.id });
  return rows.map((row) => row.id);
}
