/**
 * Answers a scanned code or a searched ticket offline, from the downloaded list and the last sync:
 * a code is genuine only when its Ed25519 signature verifies with the list's public key; then the
 * order of refusals is other session, revoked, already checked in.
 */

import { verifyAsync } from '@noble/ed25519';
import type { CheckInList, CheckInTicket } from '@store/shared/check-in-list';
import { base64urlToBytes, decodeTicketCode, shortTicketId } from '@store/shared/ticket-code';
import type { DoorAnswer, LocalCheckIn, StoredSession } from './door-types';

/** What this device is called in an "Already checked in" answer when the caller does not say. */
const THIS_DEVICE = 'this device';

const ticketsById = new WeakMap<CheckInList, Map<string, CheckInTicket>>();

function ticketIndex(list: CheckInList): Map<string, CheckInTicket> {
  let index = ticketsById.get(list);
  if (!index) {
    index = new Map(list.tickets.map((ticket) => [ticket.ticketId.toLowerCase(), ticket]));
    ticketsById.set(list, index);
  }
  return index;
}

/** Thrown when this page cannot verify at all: the screen says so rather than calling every code forged. */
export class CannotVerifyError extends Error {
  override readonly name = 'CannotVerifyError';
}

async function genuine(signedText: string, signature: Uint8Array, list: CheckInList): Promise<boolean> {
  // WebCrypto (SHA-512, inside Ed25519) exists only on a secure page: https, or localhost.
  if (globalThis.crypto?.subtle === undefined)
    throw new CannotVerifyError('Tickets can only be checked on the secure (https) address of this page.');
  const publicKey = base64urlToBytes(list.publicKey.publicKey);
  if (publicKey?.length !== 32) return false;
  try {
    // RFC 8032's strict rules, as the server's node:crypto verifies: both accept the same codes.
    return await verifyAsync(signature, new TextEncoder().encode(signedText), publicKey, { zip215: false });
  } catch {
    // A signature or key that is not a curve point: not genuine, whatever else it is.
    return false;
  }
}

/**
 * Verifies the code's signature with the list's public key, then looks the ticket up.
 * `deviceName` names this device when the ticket was checked in here. Throws CannotVerifyError on a
 * page without WebCrypto (plain http), where no code could be verified.
 */
export async function answerScan(
  code: string,
  session: StoredSession,
  mine: LocalCheckIn[],
  deviceName = THIS_DEVICE,
): Promise<DoorAnswer> {
  const decoded = decodeTicketCode(code);
  if (!decoded.ok) return { outcome: 'forged' };
  if (!(await genuine(decoded.signedText, decoded.signature, session.list))) return { outcome: 'forged' };
  const { t: ticketId, s: sessionId } = decoded.payload;
  if (sessionId !== session.list.session.id) return { outcome: 'other-session', ticketId, sessionId };
  return answerTicket(ticketId, session, mine, deviceName);
}

/** A ticket picked by search: the same answer a scan of its code would give. */
export function answerTicket(
  ticketIdAsGiven: string,
  session: StoredSession,
  mine: LocalCheckIn[],
  deviceName = THIS_DEVICE,
): DoorAnswer {
  const ticketId = ticketIdAsGiven.toLowerCase();
  const { list, lastSync } = session;
  const ticket = ticketIndex(list).get(ticketId) ?? null;
  if (list.revoked.includes(ticketId) || lastSync?.revoked.includes(ticketId))
    return { outcome: 'revoked', ticketId, ticket };
  // The server's kept check-in first: when another device's reached it first, that one is the ticket's.
  const kept = lastSync?.kept.find((checkIn) => checkIn.ticketId.toLowerCase() === ticketId);
  if (kept) return { outcome: 'already', ticketId, ticket, at: kept.scannedAt, deviceName: kept.deviceName };
  const here = mine.find(
    (checkIn) =>
      checkIn.ticketId.toLowerCase() === ticketId && (checkIn.state === 'waiting' || checkIn.state === 'kept'),
  );
  if (here) return { outcome: 'already', ticketId, ticket, at: here.scannedAt, deviceName };
  return { outcome: 'valid', ticketId, ticket };
}

const MAX_RESULTS = 50;
const LATIN_ACCENTS = /[\u0300-\u036f]/g;
const TICKET_NUMBER = /^[0-9a-f]{1,8}$/i;

/**
 * Lower case without Latin accents ("José" finds "jose"). Only the combining accents are dropped:
 * Telugu and Devanagari vowel signs are marks too, and dropping them would make different names equal.
 */
function folded(text: string): string {
  return text.normalize('NFD').replace(LATIN_ACCENTS, '').toLowerCase().normalize('NFC');
}

const byName = new Intl.Collator(undefined, { sensitivity: 'base' });

/** Each list's tickets sorted by name once, with the folded name and number a search compares. */
const searchIndexes = new WeakMap<CheckInList, { ticket: CheckInTicket; name: string; number: string }[]>();

function searchIndex(list: CheckInList) {
  let index = searchIndexes.get(list);
  if (!index) {
    index = [...list.tickets]
      .sort((a, b) => byName.compare(a.name, b.name))
      .map((ticket) => ({ ticket, name: folded(ticket.name), number: shortTicketId(ticket.ticketId).toLowerCase() }));
    searchIndexes.set(list, index);
  }
  return index;
}

/** Tickets whose name (any part, case- and accent-insensitive) or ticket number matches. */
export function searchTickets(session: StoredSession, query: string): CheckInTicket[] {
  const wanted = folded(query.trim());
  if (wanted === '') return [];
  // A ticket number is read off a screen or paper: spaces and a '#' may come with it.
  const number = wanted.replace(/[\s#]/g, '');
  const byNumber = TICKET_NUMBER.test(number);
  const found: CheckInTicket[] = [];
  for (const entry of searchIndex(session.list)) {
    if (entry.name.includes(wanted) || (byNumber && entry.number.startsWith(number))) found.push(entry.ticket);
    if (found.length === MAX_RESULTS) break;
  }
  return found;
}
