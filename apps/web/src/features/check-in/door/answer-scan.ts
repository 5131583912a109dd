/** Answers a scanned code or a searched ticket offline. Placeholder: the door-data engineer writes it. */
import type { CheckInTicket } from '@store/shared/check-in-list';
import type { DoorAnswer, LocalCheckIn, StoredSession } from './door-types';

/** Verifies the code's signature with the list's public key, then looks the ticket up. */
export async function answerScan(_code: string, _session: StoredSession, _mine: LocalCheckIn[]): Promise<DoorAnswer> {
  throw new Error('answerScan: not built yet');
}

/** A ticket picked by search: the same answer a scan of its code would give. */
export function answerTicket(_ticketId: string, _session: StoredSession, _mine: LocalCheckIn[]): DoorAnswer {
  throw new Error('answerTicket: not built yet');
}

/** Tickets whose name (any part, case- and accent-insensitive) or ticket number matches. */
export function searchTickets(_session: StoredSession, _query: string): CheckInTicket[] {
  return [];
}
