/**
 * Test doubles for the checkout: the captcha and the card widget (neither can run in jsdom: one
 * needs a proof-of-work worker or Google's script, the other Braintree's hosts), and a fetch that
 * answers like the API, with the real response shapes.
 */

import type { CaptchaAction } from '@store/shared/captcha';
import { type CartLine, lineFor } from '@store/shared/cart';
import { CART_STORAGE_KEY } from '@store/shared/storage-keys';
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { type Mock, vi } from 'vitest';
import type { CardWidget, CardWidgetOptions } from '#src/components/payment/card-widget';
import { type CheckoutServices, CheckoutServicesContext } from '#src/components/payment/checkout-services';
import type { CaptchaClient, CaptchaToken } from '#src/lib/captcha/captcha-client';
import { jsonResponse } from './render-app';
import { catalogueFixture, centersFixture, satakam, vagdevi } from './site-fixture';

export const bookLine: CartLine = lineFor(satakam);
export const vagdevi25: CartLine = lineFor(vagdevi, 2500);

export function seedCart(lines: CartLine[]) {
  window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(lines));
}

export function storedCart(): CartLine[] {
  return JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? 'null');
}

export type FakeWidget = {
  options: CardWidgetOptions;
  container: HTMLElement;
  requestNonce: Mock<() => Promise<string>>;
  showErrors: Mock<() => void>;
  suggestCardholderName: Mock<(name: string) => void>;
  teardown: Mock<() => Promise<void>>;
};

export function checkoutDoubles() {
  const captcha = {
    execute: vi.fn<CaptchaClient['execute']>(
      async (action: CaptchaAction): Promise<CaptchaToken> => ({
        token: `captcha-token-${action}`,
        action,
      }),
    ),
  };
  const widgets: FakeWidget[] = [];
  const services = {
    loadCaptcha: vi.fn<CheckoutServices['loadCaptcha']>(async () => captcha),
    createCardWidget: vi.fn<CheckoutServices['createCardWidget']>(async (container, options): Promise<CardWidget> => {
      // Like the Drop-in, the double draws into its container and clears it on teardown.
      const marker = document.createElement('p');
      marker.textContent = `Card widget ${widgets.length + 1}`;
      container.append(marker);
      const widget: FakeWidget = {
        options,
        container,
        requestNonce: vi.fn(async () => 'fake-valid-nonce'),
        showErrors: vi.fn(),
        suggestCardholderName: vi.fn(),
        teardown: vi.fn(async () => marker.remove()),
      };
      widgets.push(widget);
      return widget;
    }),
  } satisfies CheckoutServices;
  const wrap = (app: ReactNode) => <CheckoutServicesContext value={services}>{app}</CheckoutServicesContext>;
  return { captcha, services, widgets, wrap };
}

type StubRequest = { url: URL; headers: Headers; body: unknown };
type Handler = (request: StubRequest) => Response | Promise<Response>;

/** Answers `METHOD /path` like the API; anything without a handler is a 404 in the API's error shape. */
export function stubApi(handlers: Record<string, Handler> = {}) {
  const routes: Record<string, Handler> = {
    'GET /api/public/catalogue': () => jsonResponse(catalogueFixture),
    'GET /api/public/centers': () => jsonResponse(centersFixture),
    'GET /api/public/payment/token': () => jsonResponse({ clientToken: 'client-token-1', gateway: 'sandbox' }),
    ...handlers,
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = keyOf(input, init);
    const handler = routes[key];
    if (!handler) return jsonResponse({ error: { code: 'not_found', message: `No stub for ${key}` } }, 404);
    return handler(requestOf(input, init));
  });
  vi.stubGlobal('fetch', fetchMock);

  /** The requests made to `METHOD /path`, in order. */
  const requests = (key: string): StubRequest[] =>
    fetchMock.mock.calls
      .filter(([input, init]) => keyOf(input, init) === key)
      .map(([input, init]) => requestOf(input, init));
  return { fetchMock, requests };
}

function urlOf(input: RequestInfo | URL): URL {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return new URL(url, 'http://localhost');
}

function keyOf(input: RequestInfo | URL, init: RequestInit | undefined): string {
  return `${init?.method ?? 'GET'} ${urlOf(input).pathname}`;
}

function requestOf(input: RequestInfo | URL, init: RequestInit | undefined): StubRequest {
  return {
    url: urlOf(input),
    headers: new Headers(init?.headers),
    body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
  };
}

/** A promise the test settles when it chooses, to look at the page while a call is in flight. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Focus and paste: one change event per field keeps these tests fast. */
export async function enter(user: UserEvent, label: string, text: string) {
  const field = screen.getByLabelText(label);
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

/** The center and the donor's fields every checkout asks, as Asha Rao of Dallas fills them in. */
/** The donor's fields, at `center` (one of the country the visitor gives from). */
export async function fillDonor(user: UserEvent, center = 'Dallas Center, Texas') {
  await screen.findByRole('option', { name: center });
  await user.selectOptions(screen.getByLabelText('Center'), center);
  await enter(user, 'Card Holder First Name', 'Asha');
  await enter(user, 'Card Holder Last Name', 'Rao');
  await enter(user, 'Email', 'asha@example.org');
  await enter(user, 'Mobile', '5125550100');
}
