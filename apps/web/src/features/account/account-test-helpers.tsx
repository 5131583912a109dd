/** Opens an account page with fetch answering like the API and the auth server (tests only). */
import { JWT_TOKEN_STORAGE_KEY } from '@store/shared/storage-keys';
import { act, render, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { StrictMode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { App } from '#src/app/app';
import { preloadPage } from '#src/app/app-routes';
import { asha, ashaActivity, clientConfig } from '#src/test/auth-fixture';
import { stubApi } from '#src/test/checkout-doubles';
import { jsonResponse } from '#src/test/render-app';

type Handlers = NonNullable<Parameters<typeof stubApi>[0]>;

/** A signed-in visitor: the client config, the profile, the activity answer and no monthly gifts. */
export function signedInHandlers(overrides: Handlers = {}): Handlers {
  return {
    'GET /api/public/client-config': () => jsonResponse(clientConfig()),
    'GET /auth/profile': () => jsonResponse(asha),
    'GET /auth/activity': () => jsonResponse(ashaActivity),
    'GET /api/account/monthly-gifts': () => jsonResponse({ gifts: [] }),
    ...overrides,
  };
}

/** How long a test waits for a lazy page it navigated to: its chunk (and zod) load slowly on a loaded machine. */
export const LAZY = { timeout: 10_000 } as const;

/** Like renderApp, but the path may carry a query (`/auth-success?token=…`). */
function LocationProbe() {
  return <div data-testid="location">{useLocation().pathname}</div>;
}

/** `strict`: inside React's StrictMode, as main.tsx renders (effects run twice on mount). */
export async function openAccountPage(path: string, handlers: Handlers, { strict = false } = {}) {
  const api = stubApi(handlers);
  const user = userEvent.setup();
  const app = (
    <MemoryRouter initialEntries={[path]}>
      <App />
      <LocationProbe />
    </MemoryRouter>
  );
  // Async act: the lazy screens arrive through Suspense, which a synchronous render would not await.
  await act(async () => render(strict ? <StrictMode>{app}</StrictMode> : app));
  // The screen is a lazy chunk (and zod with it): slow to arrive the first time on a loaded machine.
  await screen.findByRole('heading', { level: 1 }, LAZY);
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

/**
 * Clicks the link named `name`, its page's chunk loaded first. A lazy page that suspends while
 * user-event's click runs inside act() never finishes loading in jsdom (React warns that act was
 * not awaited); in a browser the router's transition waits for it.
 */
export async function followLink(user: UserEvent, name: string): Promise<void> {
  const link = screen.getByRole('link', { name });
  await preloadPage(new URL(link.getAttribute('href') ?? '/', 'http://localhost').pathname);
  await user.click(link);
}
