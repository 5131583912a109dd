/**
 * Webhooks for the sandbox gateway, shaped like Braintree's (a signature and a base64 payload posted
 * as `bt_signature` / `bt_payload`) so POST /api/webhooks/braintree works, and is tested, the same way
 * whichever gateway runs. The payload is base64 JSON; the signature an HMAC with a key of its own.
 */
import { z } from 'zod';
import { type WebhookEvent, WebhookSignatureError } from '../gateway';
import { deriveKey, sign, verify } from './sandbox-signing';

const payloadSchema = z.object({
  kind: z.string().min(1),
  transactionId: z.string().optional(),
  orderId: z.string().optional(),
  timestamp: z.iso.datetime(),
});

export type SandboxWebhookEvent = { kind: string; transactionId?: string; orderId?: string; timestamp?: Date };

/** What a test (or an operator's script) posts to simulate a notification. */
export function signSandboxWebhook(secret: string, event: SandboxWebhookEvent): { signature: string; payload: string } {
  const { timestamp = new Date(), ...rest } = event;
  const payload = Buffer.from(JSON.stringify({ ...rest, timestamp: timestamp.toISOString() })).toString('base64');
  return { signature: sign(deriveKey(secret, 'sandbox-webhook'), payload), payload };
}

export function parseSandboxWebhook(secret: string, signature: string, payload: string): WebhookEvent {
  if (!verify(deriveKey(secret, 'sandbox-webhook'), payload, signature)) {
    throw new WebhookSignatureError('Sandbox webhook signature does not verify');
  }
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
  } catch (error) {
    throw new Error('Sandbox webhook payload is not base64 JSON', { cause: error });
  }
  const { timestamp, ...event } = payloadSchema.parse(decoded);
  return { ...event, timestamp: new Date(timestamp) };
}
