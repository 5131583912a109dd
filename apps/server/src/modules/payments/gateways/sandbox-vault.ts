/**
 * The sandbox's vault (issue 22), as Braintree's: storing a card consumes its nonce (once, like a
 * sale) and gives a token; a later sale names the token. Braintree verifies a card before storing it,
 * so a processor-declined test card is refused here and nothing is stored.
 */
import { randomBytes } from 'node:crypto';
import { PAYMENT_METHOD_NAMES, type PaymentMethodKind, walletMessages } from '@store/shared/payment-methods';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import type { StoredCard, VaultOutcome } from '../gateway';
import { DECLINED_MESSAGE } from './sandbox-ledger';
import { isSandboxNonce } from './sandbox-nonces';
import { type CardOutcome, fakeNonceOutcome, walletNonce, withCreditHint } from './sandbox-outcomes';
import { sandboxNonces, sandboxVault } from './sandbox-tables';

export type VaultRow = typeof sandboxVault.$inferSelect;

const id = (prefix: string) => `${prefix}${randomBytes(12).toString('base64url')}`;

type NonceCard = StoredCard & { outcome: CardOutcome; kind: PaymentMethodKind };

/** The card a nonce stands for, consumed now; null when it is unknown, used or expired. */
async function consumeNonce(db: Database, nonce: string): Promise<NonceCard | null> {
  const fake = fakeNonceOutcome(nonce);
  // Braintree's fake nonces stand for its test Visa, which expires in the future.
  if (fake) return { brand: 'Visa', lastFour: '1111', expMonth: 12, expYear: 2030, outcome: fake, kind: 'card' };
  // Not one the tokenizer issued: refused without a query (a NUL in it would fail the query itself).
  if (!isSandboxNonce(nonce) || nonce.includes('\u0000')) return null;
  const [row] = await db
    .update(sandboxNonces)
    .set({ consumedAt: new Date() })
    .where(
      and(eq(sandboxNonces.nonce, nonce), isNull(sandboxNonces.consumedAt), gt(sandboxNonces.expiresAt, new Date())),
    )
    .returning();
  if (!row) return null;
  return {
    brand: row.brand,
    lastFour: row.lastFour,
    expMonth: row.expMonth,
    expYear: row.expYear,
    outcome: row.outcome,
    kind: 'card',
  };
}

/**
 * A wallet's test nonce, stored as Braintree stores it: a PayPal account (from a billing
 * agreement) or a Venmo account under the wallet's name with no digits and no expiry; an Apple Pay
 * or Google Pay card as the card it holds. A PayPal one-time payment is refused, as Braintree does.
 */
function walletAccount(nonce: string, hint: PaymentMethodKind | undefined): NonceCard | string | null {
  const wallet = walletNonce(nonce);
  if (!wallet) return null;
  if (!wallet.vaultable) return walletMessages.paypalOneTimeNotMonthly;
  const kind = withCreditHint(wallet.kind, hint);
  const card = wallet.card
    ? { ...wallet.card, expMonth: 12, expYear: 2030 }
    : { brand: PAYMENT_METHOD_NAMES[kind], lastFour: '', expMonth: null, expYear: null };
  return { ...card, outcome: 'approve', kind };
}

export async function storeInVault(
  db: Database,
  input: { nonce: string; customerId?: string | undefined; methodHint?: PaymentMethodKind | undefined },
  refusal: (nonce: string) => Promise<string>,
): Promise<VaultOutcome> {
  const wallet = walletAccount(input.nonce, input.methodHint);
  if (typeof wallet === 'string') return { status: 'failed', message: wallet };
  const card = wallet ?? (await consumeNonce(db, input.nonce));
  if (!card) return { status: 'failed', message: await refusal(input.nonce) };
  if (card.outcome === 'decline') return { status: 'failed', message: DECLINED_MESSAGE };
  const row = {
    token: id('sbx_tok_'),
    customerId: input.customerId ?? id('sbx_cus_'),
    brand: card.brand,
    lastFour: card.lastFour,
    expMonth: card.expMonth,
    expYear: card.expYear,
    outcome: card.outcome,
    paymentKind: card.kind,
  };
  await db.insert(sandboxVault).values(row);
  const { brand, lastFour, expMonth, expYear } = row;
  return {
    status: 'stored',
    customerId: row.customerId,
    paymentMethodToken: row.token,
    card: { brand, lastFour, expMonth, expYear },
    kind: row.paymentKind,
  };
}

export async function findVaultedCard(db: Database, token: string): Promise<VaultRow | null> {
  const [row] = await db.select().from(sandboxVault).where(eq(sandboxVault.token, token));
  return row ?? null;
}
