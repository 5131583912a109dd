/**
 * The sandbox tokenizer's single-use nonces (sandbox_nonces). A nonce stands for a card the
 * tokenizer validated; the row keeps only what a receipt or a test needs (brand, last four, the
 * outcome the card will have), never the number or the CVV.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import type { CardOutcome } from './sandbox-outcomes';
import { sandboxNonces } from './sandbox-tables';

/** Braintree's payment method nonces expire after three hours; the sandbox's do too. */
export const NONCE_TTL_MS = 3 * 60 * 60_000;

/** Distinct from Braintree's fake nonces, so one string can never be read as both. */
const NONCE_PREFIX = 'tokencc_sandbox_';

export type IssuedCard = {
  brand: string;
  lastFour: string;
  outcome: CardOutcome;
  /** Issue 22: kept for a card that is stored (the vault), to show its expiry. */
  expMonth?: number | null;
  expYear?: number | null;
};

export async function issueNonce(db: Database, card: IssuedCard, now = new Date()): Promise<string> {
  // 24 random bytes: a nonce cannot be guessed, so only the browser that tokenized the card can pay with it.
  const nonce = `${NONCE_PREFIX}${randomBytes(24).toString('base64url')}`;
  await db.insert(sandboxNonces).values({ nonce, ...card, expiresAt: new Date(now.getTime() + NONCE_TTL_MS) });
  return nonce;
}

export function isSandboxNonce(nonce: string): boolean {
  return nonce.startsWith(NONCE_PREFIX);
}

export type NonceRefusal = 'used' | 'expired' | 'unknown';

/**
 * Why a nonce could not pay (the sale's statement, sandbox-ledger.ts `recordSale`, consumes a
 * usable one itself): never issued, already consumed, or past its three hours.
 */
export async function nonceRefusal(db: Database, nonce: string): Promise<NonceRefusal> {
  const [row] = await db
    .select({ consumedAt: sandboxNonces.consumedAt })
    .from(sandboxNonces)
    .where(eq(sandboxNonces.nonce, nonce));
  if (!row) return 'unknown';
  return row.consumedAt ? 'used' : 'expired';
}

/** The brand and last four a nonce was issued for (a receipt names the card by them), or null. */
export async function findIssuedCard(db: Database, nonce: string): Promise<{ brand: string; lastFour: string } | null> {
  const [row] = await db
    .select({ brand: sandboxNonces.brand, lastFour: sandboxNonces.lastFour })
    .from(sandboxNonces)
    .where(eq(sandboxNonces.nonce, nonce));
  return row ?? null;
}
