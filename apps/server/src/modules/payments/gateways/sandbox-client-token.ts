/**
 * The sandbox gateway's client token: what the browser's card form must show to the sandbox
 * tokenizer, like Braintree's client token authorises its hosted fields. Stateless (signed, with an
 * expiry) so any process behind the load balancer can check it.
 * Format: `sandbox_<base64url JSON { exp, n }>.<HMAC>`; `n` is random so no two tokens are equal.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { deriveKey, sign, verify } from './sandbox-signing';

/** Long enough to fill in the form at leisure, short enough that a leaked token soon stops working. */
export const CLIENT_TOKEN_TTL_MS = 30 * 60_000;
const PREFIX = 'sandbox_';

const payloadSchema = z.object({ exp: z.number().int(), n: z.string() });

export function createSandboxClientToken(secret: string, now = Date.now()): string {
  const payload = Buffer.from(
    JSON.stringify({ exp: now + CLIENT_TOKEN_TTL_MS, n: randomBytes(9).toString('base64url') }),
  ).toString('base64url');
  return `${PREFIX}${payload}.${sign(deriveKey(secret, 'sandbox-client-token'), payload)}`;
}

/** True when the token was made by this app (any process sharing the secret) and has not expired. */
export function verifySandboxClientToken(secret: string, token: string, now = Date.now()): boolean {
  if (!token.startsWith(PREFIX)) return false;
  const [payload, signature, ...rest] = token.slice(PREFIX.length).split('.');
  if (!payload || !signature || rest.length > 0) return false;
  if (!verify(deriveKey(secret, 'sandbox-client-token'), payload, signature)) return false;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return false;
  }
  const parsed = payloadSchema.safeParse(decoded);
  return parsed.success && parsed.data.exp > now;
}
