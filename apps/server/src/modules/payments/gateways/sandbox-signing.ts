/**
 * HMAC helpers for the sandbox gateway's signed strings (client tokens, webhooks). Each use derives
 * its own key from the session secret, so a signature made for one purpose (a client token) can never
 * pass as another (a webhook, a session cookie signed elsewhere with the same secret).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type SigningPurpose = 'sandbox-client-token' | 'sandbox-webhook';

export function deriveKey(secret: string, purpose: SigningPurpose): Buffer {
  return createHmac('sha256', secret).update(purpose).digest();
}

export function sign(key: Buffer, text: string): string {
  return createHmac('sha256', key).update(text).digest('base64url');
}

/** Constant-time comparison: the time taken must not reveal how much of a forged signature is right. */
export function verify(key: Buffer, text: string, signature: string): boolean {
  const expected = Buffer.from(sign(key, text));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
