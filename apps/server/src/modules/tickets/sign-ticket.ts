/** The signed code a ticket's QR code carries (packages/shared/src/ticket-code.ts has the format). */
import { sign } from 'node:crypto';
import { ticketCode, ticketSignedText } from '@store/shared/ticket-code';
import type { TicketKeys } from './ticket-keys';

export function signTicket(keys: Pick<TicketKeys, 'privateKey'>, ticket: { id: string; sessionId: number }): string {
  const signedText = ticketSignedText({ t: ticket.id, s: ticket.sessionId, v: 1 });
  // Ed25519 hashes inside the algorithm: node:crypto takes no digest name for it.
  return ticketCode(signedText, sign(null, Buffer.from(signedText), keys.privateKey));
}
