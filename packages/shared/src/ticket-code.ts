/**
 * The code a ticket's QR code carries, readable by anything holding the public key (a check-in
 * device offline, the check-in list's consumers). No cryptography here: the server signs
 * (tickets/sign-ticket.ts) and verifies (tickets/verify-ticket.ts); a device verifies the same bytes.
 *
 *   BGM1.<base64url(JSON payload)>.<base64url(Ed25519 signature)>
 *
 * The payload is `{ t: ticketId, s: sessionId, v: 1 }`, kept small so the QR code stays light
 * (about 180 characters: version 10 at level M). The signature covers the text before the second
 * dot, prefix included, so neither the format's version nor the payload can be altered alone.
 * Everything else a door needs (the name, whether the ticket was revoked) is in the check-in list.
 */
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from '@oslojs/encoding';
import { z } from 'zod';

export const TICKET_CODE_PREFIX = 'BGM1';

export const ticketPayloadSchema = z.strictObject({
  t: z.uuid(),
  s: z.number().int().positive(),
  v: z.literal(1),
});
export type TicketPayload = z.infer<typeof ticketPayloadSchema>;

/** An Ed25519 signature is 64 bytes: 86 base64url characters without padding. */
const SIGNATURE_LENGTH = 86;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** Base64url without padding, by a well-kept library that needs neither the browser's btoa nor Node's Buffer. */
export function bytesToBase64url(bytes: Uint8Array): string {
  return encodeBase64urlNoPadding(bytes);
}

/** The bytes of a base64url text (no padding); undefined when it is not base64url. */
export function base64urlToBytes(text: string): Uint8Array | undefined {
  if (!BASE64URL.test(text) || text.length % 4 === 1) return undefined;
  try {
    return decodeBase64urlIgnorePadding(text);
  } catch {
    return undefined;
  }
}

/** The payload is ASCII (a uuid, digits): one byte per character both ways. */
function asciiBytes(text: string): Uint8Array {
  return Uint8Array.from(text, (char) => char.charCodeAt(0) & 127);
}

/** The signed part of a code: what the signature covers. */
export function ticketSignedText(payload: TicketPayload): string {
  const json = JSON.stringify({ t: payload.t.toLowerCase(), s: payload.s, v: payload.v });
  return `${TICKET_CODE_PREFIX}.${bytesToBase64url(asciiBytes(json))}`;
}

export function ticketCode(signedText: string, signature: Uint8Array): string {
  return `${signedText}.${bytesToBase64url(signature)}`;
}

export type DecodedTicketCode =
  | { ok: true; payload: TicketPayload; signedText: string; signature: Uint8Array }
  | { ok: false; reason: 'malformed' };

/**
 * Splits a scanned code into its payload and signature, refusing anything that is not this format.
 * A decoded code is NOT yet genuine: only its signature, checked with the public key, says so.
 */
export function decodeTicketCode(code: string): DecodedTicketCode {
  const malformed = { ok: false, reason: 'malformed' } as const;
  const parts = code.trim().split('.');
  const [prefix, body, shown] = parts;
  if (parts.length !== 3 || prefix !== TICKET_CODE_PREFIX || body === undefined || shown === undefined)
    return malformed;
  if (shown.length !== SIGNATURE_LENGTH) return malformed;
  const signature = base64urlToBytes(shown);
  const json = base64urlToBytes(body);
  if (!signature || !json) return malformed;
  let parsed: unknown;
  try {
    parsed = JSON.parse(String.fromCharCode(...json));
  } catch {
    return malformed;
  }
  const payload = ticketPayloadSchema.safeParse(parsed);
  if (!payload.success) return malformed;
  return { ok: true, payload: payload.data, signedText: `${prefix}.${body}`, signature };
}

/**
 * The short number a ticket is known by where people read it (the confirmation, the check-in
 * search, the certificates' CSV): the id's first eight hex digits, upper case ("3F1C2A9E").
 */
export function shortTicketId(ticketId: string): string {
  return ticketId.slice(0, 8).toUpperCase();
}
