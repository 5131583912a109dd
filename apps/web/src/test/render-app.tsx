/** Renders the whole app (providers, layout, routes) at a route, with `fetch` answering like the API. */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import { App } from '#src/app/app';
import { catalogueFixture } from './site-fixture';

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Stubs fetch with the catalogue answer (or the given responder) and returns the mock. */
export function stubCatalogueFetch(respond: () => Response | Promise<Response> = () => jsonResponse(catalogueFixture)) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => respond());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Shows where the router is, so tests can assert navigation. */
function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname}</div>;
}

type RenderAppOptions = {
  path?: string;
  state?: unknown;
  stubFetch?: boolean;
  /** Wraps the app, e.g. in a context that hands a screen its test doubles. */
  wrap?: (app: ReactNode) => ReactNode;
};

export async function renderApp({ path = '/', state, stubFetch = true, wrap = (app) => app }: RenderAppOptions = {}) {
  if (stubFetch) stubCatalogueFetch();
  const user = userEvent.setup();
  // Async act: the bucket and lazy screens arrive through Suspense, which a synchronous render would not await.
  const result = await act(async () =>
    render(
      <MemoryRouter initialEntries={[{ pathname: path, state }]}>
        {wrap(
          <>
            <App />
            <LocationProbe />
          </>,
        )}
      </MemoryRouter>,
    ),
  );
  return { user, ...result };
}

export function currentPath(): string {
  return screen.getByTestId('location').textContent ?? '';
}
