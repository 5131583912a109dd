/**
 * The `sandbox` gateway (DESIGN.md "Payment gateways"): no network, no account. The browser's card
 * form sends the card to the sandbox tokenizer (sandbox-routes.ts), which answers a single-use nonce;
 * `sale` turns a nonce into a charge in the sandbox's own ledger (sandbox_transactions), apart from
 * the orders, so that crash and reconciliation tests compare two independent books.
 * The card number and CVV are read once, to validate and classify the card, and never kept or logged.
 */
import { type CardInput, cardExpiry, detectBrand, digitsOnly } from '@store/shared/card';
import type { PaymentMethodKind } from '@store/shared/payment-methods';
import type { Database } from '#src/db/client';
import { GatewayUnavailableError, type PaymentGateway, type SaleInput, type SaleOutcome } from '../gateway';
import { createSandboxClientToken, verifySandboxClientToken } from './sandbox-client-token';
import { findSale, recordSale, type SaleCard, toRecordedSale, toSaleOutcome } from './sandbox-ledger';
import { findIssuedCard, isSandboxNonce, issueNonce, type NonceRefusal, nonceRefusal } from './sandbox-nonces';
import {
  cardOutcome,
  cardTypeName,
  decideSale,
  fakeNonceOutcome,
  walletNonce,
  withCreditHint,
} from './sandbox-outcomes';
import { findSandboxRefund, recordSandboxRefund, sandboxSettlement, toRecordedRefund } from './sandbox-refund-ledger';
import { findVaultedCard, storeInVault } from './sandbox-vault';
import { parseSandboxWebhook } from './sandbox-webhook';

export type TokenizedCard = { nonce: string; details: { cardType: string; lastFour: string } };

export interface SandboxGateway extends PaymentGateway {
  readonly name: 'sandbox';
  readonly test: true;
  /** True for a client token this app issued that has not expired. */
  verifyClientToken(token: string): boolean;
  /** Exchanges a card that passed the widget's rules for a single-use nonce. */
  tokenize(card: CardInput): Promise<TokenizedCard>;
}

export function isSandboxGateway(gateway: PaymentGateway): gateway is SandboxGateway {
  return gateway.name === 'sandbox' && 'tokenize' in gateway && 'verifyClientToken' in gateway;
}

export type SandboxGatewayOptions = {
  db: Database;
  /** The session secret: client tokens and webhooks are signed with keys derived from it. */
  secret: string;
  /** SANDBOX_SETTLEMENT_SECONDS: a sale counts as settled this long after capture (default 60). */
  settlementSeconds?: number;
};

export const DEFAULT_SANDBOX_SETTLEMENT_SECONDS = 60;

/** Widget-style wording (SPEC.md §8): the donor re-enters the card, which makes a fresh nonce. */
const NONCE_MESSAGES: Record<NonceRefusal | 'unknown', string> = {
  used: 'This card entry was already used for a payment. Please check your information and try again.',
  expired: 'This card entry has expired. Please check your information and try again.',
  unknown: 'The payment method was not recognised. Please check your information and try again.',
};

/**
 * A database failure's own message, without the SQL and parameters Drizzle's error adds to its
 * message: a nonce is one of those parameters, and errors are logged. The cause is dropped for the
 * same reason.
 */
function databaseReason(error: unknown): string {
  const root = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return root instanceof Error ? root.message : 'unknown database error';
}

export function createSandboxGateway({
  db,
  secret,
  settlementSeconds = DEFAULT_SANDBOX_SETTLEMENT_SECONDS,
}: SandboxGatewayOptions): SandboxGateway {
  /** The ledger is our database: a failure there leaves the outcome unknown, as a network error would. */
  async function ledger<T>(operation: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof GatewayUnavailableError) throw error;
      throw new GatewayUnavailableError(`The sandbox ledger could not ${operation}: ${databaseReason(error)}`);
    }
  }

  /** The card a nonce stands for, or the message for a string that cannot stand for one. */
  function saleCard(nonce: string, hint: PaymentMethodKind | undefined): SaleCard | string {
    // A wallet's test nonce approves as Braintree's sandbox does (the amount rule still applies).
    const wallet = walletNonce(nonce);
    if (wallet) return { outcome: 'approve', kind: withCreditHint(wallet.kind, hint), card: wallet.card };
    const fake = fakeNonceOutcome(nonce);
    if (fake) return { outcome: fake };
    return isSandboxNonce(nonce) ? { nonce } : NONCE_MESSAGES.unknown;
  }

  /**
   * The card's brand and last four for the receipt (issue 20), from the nonce's row (kept after the
   * sale consumed it); Braintree's fake nonces stand for its test Visa.
   */
  async function withCard(outcome: SaleOutcome, card: SaleCard): Promise<SaleOutcome> {
    if (outcome.status !== 'succeeded') return outcome;
    if ('kind' in card && card.kind !== undefined) {
      return card.card ? { ...outcome, kind: card.kind, card: card.card } : { ...outcome, kind: card.kind };
    }
    const issued = 'nonce' in card ? await findIssuedCard(db, card.nonce) : { brand: 'Visa', lastFour: '1111' };
    return issued ? { ...outcome, card: { brand: issued.brand, lastFour: issued.lastFour } } : outcome;
  }

  /** Issue 22: a sale with a stored card (a monthly gift's charge); the vault row says how it goes. */
  async function chargeStoredCard(input: SaleInput & { paymentMethodToken: string }): Promise<SaleOutcome> {
    const stored = await findVaultedCard(db, input.paymentMethodToken);
    if (!stored) {
      const existing = await findSale(db, input.orderId);
      return existing ? toSaleOutcome(existing) : { status: 'failed', message: 'The stored card was not found.' };
    }
    const recorded = await recordSale(db, {
      orderId: input.orderId,
      amountCents: input.amountCents,
      card: { outcome: stored.outcome },
      decide: (outcome) => decideSale(outcome, input.amountCents),
      paymentKind: stored.paymentKind,
    });
    const row = recorded.kind === 'sale' ? recorded.row : await findSale(db, input.orderId);
    if (!row) throw new Error(`Sandbox sale for order ${input.orderId} conflicted but cannot be read`);
    const outcome = toSaleOutcome(row);
    if (outcome.status !== 'succeeded') return outcome;
    // A stored PayPal or Venmo account has no card (its brand is the wallet's name, no digits).
    return stored.lastFour === '' ? outcome : { ...outcome, card: { brand: stored.brand, lastFour: stored.lastFour } };
  }

  async function charge(input: SaleInput): Promise<SaleOutcome> {
    if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
      return { status: 'failed', message: 'Amount must be greater than zero.' };
    }
    if ('paymentMethodToken' in input) return chargeStoredCard(input);
    const card = saleCard(input.nonce, input.methodHint);
    // Like Braintree's validation errors: refused before any transaction exists. (An order that
    // already has a sale is not asked again: a retry carries the same nonce, which is not a fake.)
    if (typeof card === 'string') {
      const existing = await findSale(db, input.orderId);
      return existing ? toSaleOutcome(existing) : { status: 'failed', message: card };
    }
    // A repeated sale for one order answers the first outcome instead of charging again.
    const recorded = await recordSale(db, {
      orderId: input.orderId,
      amountCents: input.amountCents,
      card,
      decide: (outcome) => decideSale(outcome, input.amountCents),
      paymentKind: ('kind' in card && card.kind) || 'card',
    });
    if (recorded.kind === 'sale') return withCard(toSaleOutcome(recorded.row), card);
    if (recorded.kind === 'lost-race' || !('nonce' in card)) {
      const winner = await findSale(db, input.orderId);
      if (!winner) throw new Error(`Sandbox sale for order ${input.orderId} conflicted but cannot be read`);
      return toSaleOutcome(winner);
    }
    return { status: 'failed', message: NONCE_MESSAGES[await nonceRefusal(db, card.nonce)] };
  }

  return {
    name: 'sandbox',
    test: true,

    async createClientToken() {
      return createSandboxClientToken(secret);
    },

    verifyClientToken(token) {
      return verifySandboxClientToken(secret, token);
    },

    async tokenize(card) {
      const digits = digitsOnly(card.number);
      const details = { cardType: cardTypeName(detectBrand(digits)), lastFour: digits.slice(-4) };
      const expiry = cardExpiry(card.expirationDate);
      try {
        const nonce = await issueNonce(db, {
          brand: details.cardType,
          lastFour: details.lastFour,
          outcome: cardOutcome(digits),
          expMonth: expiry?.month ?? null,
          expYear: expiry?.year ?? null,
        });
        return { nonce, details };
      } catch (error) {
        throw new Error(`The sandbox could not store a nonce: ${databaseReason(error)}`);
      }
    },

    async sale(input) {
      try {
        return await charge(input);
      } catch (error) {
        // The ledger lives in our database: if it failed mid-sale we cannot be sure the sale did not
        // commit, which is exactly the "outcome unknown" case the reconciler settles later.
        if (error instanceof GatewayUnavailableError) throw error;
        throw new GatewayUnavailableError(`The sandbox ledger could not record the sale: ${databaseReason(error)}`);
      }
    },

    async vault(input) {
      const refusal = async (nonce: string) =>
        isSandboxNonce(nonce) ? NONCE_MESSAGES[await nonceRefusal(db, nonce)] : NONCE_MESSAGES.unknown;
      return ledger('store the card', () => storeInVault(db, input, refusal));
    },

    async findSaleByOrderId(orderId) {
      let row: Awaited<ReturnType<typeof findSale>>;
      try {
        row = await findSale(db, orderId);
      } catch (error) {
        throw new GatewayUnavailableError(`The sandbox ledger could not be read: ${databaseReason(error)}`);
      }
      return row ? toRecordedSale(row) : null;
    },

    async saleSettlement(transactionId) {
      const settlement = await ledger('read the sale', () => sandboxSettlement(db, transactionId, settlementSeconds));
      if (!settlement) throw new GatewayUnavailableError(`The sandbox has no paid sale ${transactionId}`);
      return settlement;
    },

    async refund(input) {
      if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
        return { status: 'failed', message: 'Amount must be greater than zero.' };
      }
      return ledger('record the refund', () => recordSandboxRefund(db, input, settlementSeconds));
    },

    async findRefund(refundId, transactionId) {
      const row = await ledger('read the refund', () => findSandboxRefund(db, refundId));
      return row && row.transactionId === transactionId ? toRecordedRefund(row) : null;
    },

    async parseWebhook(signature, payload) {
      return parseSandboxWebhook(secret, signature, payload);
    },
  };
}
