/**
 * POST /api/public/payment/sandbox/tokenize: the sandbox gateway's stand-in for Braintree's
 * tokenization. The card goes to our server once, authorised by the client token, and comes back
 * as a single-use nonce; nothing here keeps or logs it.
 */
import { type CardInput, sandboxTokenizeResponseSchema } from '@store/shared/card';
import type { z } from 'zod';
import { sendJson } from '#src/lib/api-client';

export const SANDBOX_TOKENIZE_PATH = '/api/public/payment/sandbox/tokenize';

export type SandboxTokenizeResponse = z.infer<typeof sandboxTokenizeResponseSchema>;

export function tokenizeCard(clientToken: string, card: CardInput): Promise<SandboxTokenizeResponse> {
  return sendJson(SANDBOX_TOKENIZE_PATH, card, async () => sandboxTokenizeResponseSchema, {
    headers: { Authorization: `Bearer ${clientToken}` },
  });
}

/** `1/30`, `01 / 2030` -> `01/30`, the form the tokenizer documents; anything else is sent as typed. */
export function normalizeExpiry(value: string): string {
  const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(value.trim());
  if (!match) return value.trim();
  const [, month = '', year = ''] = match;
  return `${month.padStart(2, '0')}/${year.slice(-2)}`;
}
