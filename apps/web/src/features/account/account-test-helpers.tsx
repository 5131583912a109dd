/** Opens an account page with fetch answering like the API and the auth server (tests only). */
import { JWT_TOKEN_STORAGE_KEY } from '@store/shared/storage-keys';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { App } from '#src/app/app';
import { asha, ashaActivity, clientConfig } from '#src/test/auth-fixture';
import { stubApi } from '#src/test/checkout-doubles';
import { jsonResponse } from '#src/test/render-app';

type Handlers = NonNullable<Parameters<typeof stubApi>[0]>;

/** A signed-in visitor: the client config, the profile and the activity answer. */
export function signedInHandlers(overrides: Handlers = {}): Handlers {
  return {
    'GET /api/public/client-config': () => jsonResponse(clientConfig()),
    'GET /auth/profile': () => jsonResponse(asha),
    'GET /auth/activity': () => jsonResponse(ashaActivity),
    ...overrides,
  };
}

/** Like renderApp, but the path may carry a query (`/auth-success?token=…`). */
function LocationProbe() {
  return <div data-testid="location">{useLocation().pathname}</div>;
}

export async function openAccountPage(path: string, handlers: Handlers) {
  const api = stubApi(handlers);
  const user = userEvent.setup();
  // Async act: the lazy screens arrive through Suspense, which a synchronous render would not await.
  await act(async () =>
    render(
      <MemoryRouter initialEntries={[path]}>
        <App />
        <LocationProbe />
      </MemoryRouter>,
    ),
  );
  // The screen is a lazy chunk (and zod with it): slow to arrive the first time on a loaded machine.
  await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
  /** The `credentials` each call to `METHOD /path` was made with. */
  const credentialsOf = (key: string) =>
    api.fetchMock.mock.calls
      .filter(
        ([input, init]) => `${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}` === key,
      )
      .map(([, init]) => init?.credentials);
  return { user, api, credentialsOf };
}

export function storedJwtToken(): string | null {
  return window.sessionStorage.getItem(JWT_TOKEN_STORAGE_KEY);
}
