/**
 * A check-in list made in a test or a benchmark: a real Ed25519 key pair and tickets signed with it
 * exactly as the server signs them (ticketSignedText), parsed with the shared schema. No test
 * runner here, so bench/check-in-verify.ts uses it too.
 */
import { getPublicKeyAsync, signAsync, utils } from '@noble/ed25519';
import { type CheckInList, type CheckInTicket, checkInListSchema } from '@store/shared/check-in-list';
import { bytesToBase64url, ticketCode, ticketSignedText } from '@store/shared/ticket-code';

export type DoorKeys = { secretKey: Uint8Array; publicKey: Uint8Array };

export async function doorKeys(): Promise<DoorKeys> {
  const secretKey = utils.randomSecretKey();
  return { secretKey, publicKey: await getPublicKeyAsync(secretKey) };
}

/** The code a ticket's QR code carries, signed with `keys`. */
export async function signedCode(keys: DoorKeys, ticketId: string, sessionId: number): Promise<string> {
  const signedText = ticketSignedText({ t: ticketId, s: sessionId, v: 1 });
  return ticketCode(signedText, await signAsync(new TextEncoder().encode(signedText), keys.secretKey));
}

export type TicketSeed = { ticketId: string; name: string; minor?: boolean; category?: string };

/** A session's check-in list as the server sends it. */
export async function checkInList(
  keys: DoorKeys,
  sessionId: number,
  seeds: TicketSeed[],
  revoked: string[] = [],
): Promise<CheckInList> {
  const tickets: CheckInTicket[] = await Promise.all(
    seeds.map(async ({ ticketId, name, minor = false, category }) => ({
      ticketId,
      code: await signedCode(keys, ticketId, sessionId),
      name,
      category: category ?? (minor ? 'Child' : 'Memorization'),
      minor,
      guardians: minor
        ? { mother: 'Lakshmi Rao', motherPhone: '+1 214 555 0101', father: 'Ravi Rao', fatherPhone: '+1 214 555 0102' }
        : null,
    })),
  );
  const x = bytesToBase64url(keys.publicKey);
  return checkInListSchema.parse({
    session: {
      id: sessionId,
      centerId: 3,
      centerName: 'Dallas Center, Texas',
      hall: 'Datta Auditorium',
      address: '1 Temple Road, Dallas',
      startsAt: '2027-05-15T14:00:00.000Z',
      timeZone: 'America/Chicago',
    },
    generatedAt: '2027-05-15T12:00:00.000Z',
    publicKey: { algorithm: 'Ed25519', publicKey: x, jwk: { kty: 'OKP', crv: 'Ed25519', x } },
    tickets,
    revoked,
  } satisfies CheckInList);
}

/** A uuid whose first eight hex digits (the ticket number people read) are `prefix`. */
export function ticketIdStartingWith(prefix: string, n = 0): string {
  return `${prefix.padEnd(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}
