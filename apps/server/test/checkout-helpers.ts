/**
 * Helpers for checkout API tests: a card tokenized at the sandbox, a valid checkout body for a
 * bucket, the checkout call with its Idempotency-Key, and row counts to prove nothing was stored.
 */
import { randomUUID } from 'node:crypto';
import type { CartLine } from '@store/shared/cart';
import type { CheckoutRequest } from '@store/shared/checkout';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Database } from '#src/db/client';

export const APPROVING_CARD = '4111 1111 1111 1111';
export const DECLINING_CARD = '4000 1111 1111 1115';

export type CardOverrides = Partial<{ number: string; expirationDate: string; cvv: string; cardholderName: string }>;

export function validCard(overrides: CardOverrides = {}) {
  const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');
  return {
    number: APPROVING_CARD,
    expirationDate: `12/${nextYear}`,
    cvv: '123',
    cardholderName: 'Asha Rao',
    ...overrides,
  };
}

export async function clientToken(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ url: '/api/public/payment/token' });
  if (res.statusCode !== 200) throw new Error(`token: ${res.statusCode} ${res.body}`);
  return res.json<{ clientToken: string }>().clientToken;
}

/** Tokenizes a card at the sandbox and returns the nonce. */
export async function sandboxNonce(app: FastifyInstance, card: CardOverrides = {}): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/public/payment/sandbox/tokenize',
    headers: { authorization: `Bearer ${await clientToken(app)}` },
    payload: validCard(card),
  });
  if (res.statusCode !== 200) throw new Error(`tokenize: ${res.statusCode} ${res.body}`);
  return res.json<{ nonce: string }>().nonce;
}

export const BOOK: CartLine = { key: '9', id: 9, name: 'Guruvara Dattam Vimalacharita Satakam', price: 5, quantity: 2 };

export function openAmount(id: 7 | 8, dollars: number): CartLine {
  const cents = Math.round(dollars * 100);
  return { key: `${id}:${cents}`, id, name: `Donation - $${dollars}`, price: dollars, quantity: 1, custom: true };
}

export function concertTier(id: number, price: number): CartLine {
  return { key: String(id), id, name: `Concert ${id}`, price, quantity: 1 };
}

/** A valid body for the bucket; `amount` is the bucket's total as the browser computes it. */
export function checkoutBody(
  nonce: string,
  products: CartLine[] = [BOOK, openAmount(8, 25)],
  email = 'asha@example.org',
): CheckoutRequest {
  const cents = products.reduce((sum, p) => sum + Math.round(p.price * 100) * p.quantity, 0);
  return {
    nonce,
    amount: cents / 100,
    customerDetails: {
      center: '2',
      cardFirstName: 'Asha',
      cardLastName: 'Rao',
      studentName: 'Anu Rao',
      email,
      mobile: '5125550123',
      pickup: true,
    },
    products,
    center: '2',
  };
}

export type CheckoutCall = {
  body: unknown;
  key?: string | null;
  remoteAddress?: string;
  headers?: Record<string, string>;
};

export function postCheckout(app: FastifyInstance, call: CheckoutCall): Promise<LightMyRequestResponse> {
  const key = call.key === undefined ? randomUUID() : call.key;
  return app.inject({
    method: 'POST',
    url: '/api/public/payment/checkout',
    headers: { ...(key === null ? {} : { 'idempotency-key': key }), ...call.headers },
    payload: call.body as object,
    ...(call.remoteAddress ? { remoteAddress: call.remoteAddress } : {}),
  });
}

export type RowCounts = { orders: number; ledger: number; nonces: number; declines: number; mail: number };

/** Row counts of the tables a checkout writes. */
export async function countRows(db: Database): Promise<RowCounts> {
  const result = await db.execute<RowCounts>(sql`
    select (select count(*) from orders)::int as orders,
           (select count(*) from sandbox_transactions)::int as ledger,
           (select count(*) from sandbox_nonces)::int as nonces,
           (select count(*) from payment_declines)::int as declines,
           (select count(*) from mail_outbox)::int as mail`);
  const row = result.rows[0];
  if (!row) throw new Error('no counts');
  return { ...row };
}

/** A body like `checkoutBody`'s at another center, in that center's currency (Toronto: CAD, London: GBP). */
export function checkoutBodyAt(
  nonce: string,
  at: { center: string; currency: NonNullable<CheckoutRequest['currency']> },
  products: CartLine[],
  details: Partial<CheckoutRequest['customerDetails']> = {},
): CheckoutRequest {
  const body = checkoutBody(nonce, products);
  return {
    ...body,
    customerDetails: { ...body.customerDetails, center: at.center, ...details },
    center: at.center,
    currency: at.currency,
  };
}

/**
 * Receipt numbering as config/site.json sets it (receiptSettings), in `timeZone`: every entity's
 * series with its prefix, for the tests that settle orders outside a built app.
 */
export function testReceiptSettings(timeZone: string) {
  return { prefix: '', timeZone, entityPrefixes: { us: '', ca: 'CA-', uk: 'UK-' } };
}
