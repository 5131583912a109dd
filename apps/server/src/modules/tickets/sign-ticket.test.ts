/**
 * A ticket's code verifies with the published public key alone, as a device at the door does it
 * (WebCrypto with the JWK), and a forged, altered, truncated or other-key code fails.
 */
import { createPublicKey, generateKeyPairSync, randomBytes, webcrypto } from 'node:crypto';
import { base64urlToBytes, bytesToBase64url, decodeTicketCode } from '@store/shared/ticket-code';
import { describe, expect, it } from 'vitest';
import { signTicket } from './sign-ticket';
import { ticketKeys } from './ticket-keys';
import { verifyTicket } from './verify-ticket';

const seed = randomBytes(32).toString('base64url');
const keys = ticketKeys(seed);
const ticket = { id: '0b6f3f9e-2d4c-4a8b-9e1f-6c5d4b3a2f10', sessionId: 7 };
const code = signTicket(keys, ticket);

/** The payload part re-encoded with other values, the signature kept. */
function withPayload(json: string): string {
  const [prefix, , signature] = code.split('.');
  return `${prefix}.${bytesToBase64url(Buffer.from(json))}.${signature}`;
}

describe('signed ticket codes', () => {
  it('verifies and names the ticket and its session', () => {
    expect(code).toMatch(/^BGM1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{86}$/);
    expect(code.length).toBeLessThan(200);
    expect(verifyTicket(keys.publicKey, code)).toEqual({ ok: true, payload: { t: ticket.id, s: 7, v: 1 } });
  });

  it('verifies offline with only the published JWK (WebCrypto, as a browser does)', async () => {
    const key = await webcrypto.subtle.importKey('jwk', keys.published.jwk, { name: 'Ed25519' }, false, ['verify']);
    const decoded = decodeTicketCode(code);
    if (!decoded.ok) throw new Error('the code did not decode');
    const data = new TextEncoder().encode(decoded.signedText);
    expect(await webcrypto.subtle.verify('Ed25519', key, decoded.signature, data)).toBe(true);
    const altered = new TextEncoder().encode(decoded.signedText.replace(/.$/, 'A'));
    expect(await webcrypto.subtle.verify('Ed25519', key, decoded.signature, altered)).toBe(false);
    expect(base64urlToBytes(keys.published.publicKey)?.length).toBe(32);
  });

  it('refuses an altered payload: another ticket, another session, another version', () => {
    expect(verifyTicket(keys.publicKey, withPayload(JSON.stringify({ t: ticket.id, s: 8, v: 1 })))).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    const other = { t: '1b6f3f9e-2d4c-4a8b-9e1f-6c5d4b3a2f10', s: 7, v: 1 };
    expect(verifyTicket(keys.publicKey, withPayload(JSON.stringify(other))).ok).toBe(false);
    expect(verifyTicket(keys.publicKey, withPayload(JSON.stringify({ t: ticket.id, s: 7, v: 2 })))).toEqual({
      ok: false,
      reason: 'malformed',
    });
    expect(verifyTicket(keys.publicKey, code.replace(/^BGM1/, 'BGM2')).ok).toBe(false);
  });

  it('refuses a wrong signature, a code signed with another key, a truncated or mangled code', () => {
    const [head, body, signature = ''] = code.split('.');
    const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
    expect(verifyTicket(keys.publicKey, `${head}.${body}.${flipped}`)).toEqual({ ok: false, reason: 'bad_signature' });
    const forger = ticketKeys(randomBytes(32).toString('base64url'));
    expect(verifyTicket(keys.publicKey, signTicket(forger, ticket))).toEqual({ ok: false, reason: 'bad_signature' });
    for (const bad of [
      code.slice(0, -1),
      code.slice(0, 40),
      `${code}A`,
      '',
      'BGM1..',
      `${head}.${body}`,
      code.replace('.', ''),
    ])
      expect(verifyTicket(keys.publicKey, bad)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('writes and reads base64url exactly as Node does, refusing what is not base64url', () => {
    for (let length = 0; length <= 70; length++) {
      const bytes = randomBytes(length);
      const text = bytesToBase64url(bytes);
      expect(text).toBe(bytes.toString('base64url'));
      expect(Buffer.from(base64urlToBytes(text) ?? [])).toEqual(bytes);
    }
    for (const bad of ['a', 'ab+c', 'ab/c', 'ab=c', 'abcd=', 'ab cd']) expect(base64urlToBytes(bad)).toBeUndefined();
  });

  it('makes the same key from its seed and from its PKCS#8 PEM, and refuses a key that is not Ed25519', () => {
    const pem = keys.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    expect(ticketKeys(pem).published).toEqual(keys.published);
    expect(ticketKeys(pem.replace(/\n/g, '\\n')).published).toEqual(keys.published);
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'pem', type: 'pkcs8' });
    expect(() => ticketKeys(ec.toString())).toThrow(/Ed25519/);
    expect(() => ticketKeys('too-short')).toThrow(/32-byte seed/);
    expect(createPublicKey(keys.privateKey).export({ format: 'jwk' }).x).toBe(keys.published.publicKey);
  });
});
