/**
 * Helpers for monthly giving's API tests (issue 22): a signed-in donor, a checkout with a monthly
 * line under their session, and the donor API's calls as the dashboard makes them.
 */
import type { CartLine } from '@store/shared/cart';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createLogger } from '#src/logger';
import { receiptSettings } from '#src/modules/ledger/index';
import { runBilling } from '#src/modules/monthly-giving/run-billing';
import { createSandboxGateway } from '#src/modules/payments/gateways/sandbox';
import { registerAccount, SITE_ORIGIN, sessionToken } from './auth-helpers';
import { TEST_SESSION_SECRET, type TestApp } from './build-test-app';
import { checkoutBody, concertTier, openAmount, postCheckout, sandboxNonce } from './checkout-helpers';

let accounts = 0;

/** A new account, signed in: its e-mail and its session cookie's value. */
export async function signedInDonor(app: FastifyInstance): Promise<{ email: string; session: string }> {
  const n = ++accounts;
  const email = `monthly${n}-${Date.now()}@example.org`;
  const res = await registerAccount(app, { email, name: 'Asha Rao' }, { remoteAddress: `10.122.${n % 250}.1` });
  return { email, session: sessionToken(res) };
}

export function monthlyLine(id: 7 | 8, dollars: number): CartLine {
  const line = openAmount(id, dollars);
  return { ...line, key: `${line.key}:monthly`, monthly: true };
}

/** A concert tier given monthly, at `price` as the browser sends it (the server prices it itself). */
export function monthlyTierLine(id: number, price: number): CartLine {
  const line = concertTier(id, price);
  return { ...line, key: `${line.key}:monthly`, monthly: true };
}

export const asDonor = (session: string) => ({ origin: SITE_ORIGIN, cookie: `store_session=${session}` });

/** A checkout of `products` by a signed-in donor (or a guest with `session` null). */
export async function monthlyCheckout(
  app: FastifyInstance,
  options: { session: string | null; email: string; products: CartLine[]; key?: string; card?: string },
): Promise<LightMyRequestResponse> {
  const nonce = await sandboxNonce(app, options.card === undefined ? {} : { number: options.card });
  return postCheckout(app, {
    body: checkoutBody(nonce, options.products, options.email),
    ...(options.key === undefined ? {} : { key: options.key }),
    headers: options.session === null ? { origin: SITE_ORIGIN } : asDonor(options.session),
  });
}

type Method = 'GET' | 'POST' | 'PATCH';

/** A donor API call; `path` after /api/account/monthly-gifts. */
export function giftsApi(
  app: FastifyInstance,
  session: string | null,
  method: Method,
  path = '',
  payload?: object,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url: `/api/account/monthly-gifts${path}`,
    headers: session === null ? { origin: SITE_ORIGIN } : asDonor(session),
    ...(payload === undefined ? {} : { payload }),
  });
}

/**
 * One billing run over a test app's database as of a day, as `npm run billing` runs it: the sandbox
 * gateway, the site's receipt settings, its entities and their processor fees.
 */
export function billTestApp(t: TestApp, asOf: string) {
  return runBilling({
    db: t.testDb.db,
    gateway: createSandboxGateway({ db: t.testDb.db, secret: TEST_SESSION_SECRET }),
    logger: createLogger('silent'),
    receipts: receiptSettings(t.site),
    money: { entities: t.site.entities, homeCurrency: 'USD' },
    asOf,
    dryRun: false,
  });
}
