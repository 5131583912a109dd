/**
 * Whether a scanned code is a genuine ticket: its format, then its signature under the public key.
 * A device at the door does the same with WebCrypto and the published key; this one serves the
 * server's own checks and the tests. Revocation is not a signature's business: the check-in list
 * carries the revoked ids.
 */
import { type KeyObject, verify } from 'node:crypto';
import { decodeTicketCode, type TicketPayload } from '@store/shared/ticket-code';

export type TicketVerdict = { ok: true; payload: TicketPayload } | { ok: false; reason: 'malformed' | 'bad_signature' };

export function verifyTicket(publicKey: KeyObject, code: string): TicketVerdict {
  const decoded = decodeTicketCode(code);
  if (!decoded.ok) return decoded;
  const genuine = verify(null, Buffer.from(decoded.signedText), publicKey, decoded.signature);
  return genuine ? { ok: true, payload: decoded.payload } : { ok: false, reason: 'bad_signature' };
}
