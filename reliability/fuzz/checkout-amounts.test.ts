/**
 * "An order's amount can't be lowered by the client" (issue 7), as a property: for any bucket of
 * well-formed lines (catalogue items at the client's own prices, open amounts with fractional or
 * tiny cents, items that do not exist, any quantity) and any claimed total that is not exactly what
 * the catalogue says in whole cents, the checkout answers 400 and nothing is stored or charged. The
 * captcha is off here so every case reaches the server's pricing; the nonce would really charge.
 *
 * The expected total is computed here from config/site.json, independently of the server's pricing.
 */
import { randomUUID } from 'node:crypto';
import type { CartLine } from '@store/shared/cart';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../apps/server/test/build-test-app';
import { checkoutBody } from '../../apps/server/test/checkout-helpers';
import { describeWithDb } from '../../apps/server/test/test-db';
import { changedTables, fingerprint } from '../support/db-fingerprint';
import { recordFigures } from '../support/figures';
import { FUZZ_RUNS, FUZZ_SEED } from '../support/scale';

/** Whole-cent prices of the catalogue, read straight from the site file; 0 marks an open amount. */
function catalogueCents(t: TestApp): Map<number, number> {
  return new Map([...t.site.catalogue, ...t.site.concert].map((item) => [item.id, Math.round(item.price * 100)]));
}

type Line = { id: number; price: number; quantity: number };

const MAX_CENTS = 100_000_000;

/** Prices a client might send: whole cents, fractions of a cent, a cent, the maximum. */
const clientPrice = fc.oneof(
  fc.integer({ min: 1, max: 500_000 }).map((cents) => cents / 100),
  fc
    .tuple(fc.integer({ min: 1, max: 500_000 }), fc.constantFrom(0.001, 0.004, 0.005, 0.009))
    .map(([cents, fraction]) => cents / 100 + fraction),
  fc.constantFrom(0.001, 0.005, 0.01, 0.0099, 1e-9, 999_999.999, 1_000_000),
);

function lineArbitrary(ids: number[]): fc.Arbitrary<Line> {
  return fc.record({
    id: fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...ids) },
      { weight: 1, arbitrary: fc.constantFrom(1, 10, 100, 105, 2 ** 31 - 1) },
    ),
    price: clientPrice,
    quantity: fc.oneof(fc.integer({ min: 1, max: 3 }), fc.constantFrom(999)),
  });
}

/** The catalogue total in whole cents, or undefined when some line cannot be bought at all. */
function expectedCents(lines: Line[], prices: Map<number, number>): number | undefined {
  let total = 0;
  for (const line of lines) {
    const catalogue = prices.get(line.id);
    if (catalogue === undefined) return undefined;
    const cents = catalogue === 0 ? line.price * 100 : catalogue;
    if (!Number.isInteger(Math.round(cents * 1e6) / 1e6) || Math.round(cents) < 1 || cents > MAX_CENTS)
      return undefined;
    total += Math.round(cents) * line.quantity;
  }
  return total;
}

/** Claimed totals: off by a cent or more, off by a fraction of a cent, the client's own sum, nonsense. */
const claim = fc.oneof(
  fc.record({
    kind: fc.constant('off by cents' as const),
    cents: fc.integer({ min: -100_000, max: 100_000 }).filter((c) => c !== 0),
  }),
  fc.record({
    kind: fc.constant('off by a fraction' as const),
    fraction: fc.constantFrom(0.1, 0.4, 0.5, 0.6, 0.9, 0.001, 0.999),
  }),
  fc.record({ kind: fc.constant("the client's prices" as const) }),
  fc.record({ kind: fc.constant('any' as const), dollars: fc.double({ min: 0.001, max: 1_000_000, noNaN: true }) }),
);

type Claim = typeof claim extends fc.Arbitrary<infer C> ? C : never;

function claimedDollars(c: Claim, lines: Line[], expected: number | undefined): number {
  const base = expected ?? 1000;
  switch (c.kind) {
    case 'off by cents':
      return Math.max(1, base + c.cents) / 100;
    case 'off by a fraction':
      return (base + c.fraction) / 100;
    case "the client's prices":
      return lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
    case 'any':
      return c.dollars;
  }
}

describeWithDb('the client cannot set the amount it pays', () => {
  let t: TestApp;
  const outcomes: Record<string, number> = {};
  let cases = 0;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
    recordFigures('checkout-amounts', { cases, outcomes });
  });

  it(
    'answers 400 to every total that is not the catalogue total in whole cents, and stores nothing',
    async () => {
      const prices = catalogueCents(t);
      const before = await fingerprint(t.testDb.db);
      await fc.assert(
        fc.asyncProperty(
          fc.array(lineArbitrary([...prices.keys()]), { minLength: 1, maxLength: 4 }),
          claim,
          async (lines, c) => {
            const expected = expectedCents(lines, prices);
            const amount = claimedDollars(c, lines, expected);
            // The one claim that is right is a valid order, not an attack (compared as the browser's
            // own arithmetic would make it, so 0.29 * 100 = 28.999999999999996 counts as 29).
            fc.pre(expected === undefined || Math.abs(amount * 100 - expected) > 1e-6);
            const products: CartLine[] = lines.map((l, i) => ({
              key: `${l.id}:${i}`,
              id: l.id,
              name: `Item ${l.id}`,
              price: l.price,
              quantity: l.quantity,
              ...(prices.get(l.id) === 0 ? { custom: true } : {}),
            }));
            const body = { ...checkoutBody('fake-valid-nonce', products), amount };
            const res = await t.app.inject({
              method: 'POST',
              url: '/api/public/payment/checkout',
              headers: { 'idempotency-key': randomUUID() },
              payload: body,
            });
            cases += 1;
            const code =
              res.statusCode === 400 ? res.json<{ error: { code: string } }>().error.code : String(res.statusCode);
            outcomes[code] = (outcomes[code] ?? 0) + 1;
            if (res.statusCode !== 400) {
              throw new Error(
                `answered ${res.statusCode} to ${c.kind}: amount ${amount}, expected ${expected} cents: ${res.body}`,
              );
            }
          },
        ),
        { numRuns: FUZZ_RUNS * 2, ...(FUZZ_SEED === undefined ? {} : { seed: FUZZ_SEED }) },
      );
      expect(changedTables(before, await fingerprint(t.testDb.db))).toEqual([]);
    },
    120_000 + FUZZ_RUNS * 100,
  );
});
