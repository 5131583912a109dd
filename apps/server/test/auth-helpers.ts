/**
 * Helpers for the auth server's API tests: calls as the site's own pages make them (the Origin of
 * `app.inject`'s default host), and the session cookie read back from an answer.
 *
 *   const res = await registerAccount(t.app, { email: 'ann@example.org' });
 *   const token = sessionToken(res);                       // the store_session value
 *   await getProfile(t.app, token);                        // 200 { user } or 401
 */
import type { RegisterRequest } from '@store/shared/auth';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SESSION_COOKIE } from '#src/modules/auth/session-cookie';

/** What `app.inject` addresses by default (Host: localhost:80), as a browser writes its Origin. */
export const SITE_ORIGIN = 'http://localhost';
export const AUTH = '/auth';
export const GOOD_PASSWORD = 'correct horse battery';

export type Call = { cookie?: string | undefined; headers?: Record<string, string>; remoteAddress?: string };

function options({ cookie, headers, remoteAddress }: Call) {
  return {
    ...(cookie === undefined ? {} : { cookies: { [SESSION_COOKIE]: cookie } }),
    ...(remoteAddress === undefined ? {} : { remoteAddress }),
    headers: { origin: SITE_ORIGIN, ...headers },
  };
}

export function postAuth(
  app: FastifyInstance,
  path: string,
  payload: object | undefined,
  call: Call = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `${AUTH}${path}`,
    ...(payload === undefined ? {} : { payload }),
    ...options(call),
  });
}

export function registerAccount(
  app: FastifyInstance,
  body: Partial<RegisterRequest> = {},
  call: Call = {},
): Promise<LightMyRequestResponse> {
  return postAuth(
    app,
    '/register',
    { name: 'Ann Lee', email: 'ann@example.org', password: GOOD_PASSWORD, ...body },
    call,
  );
}

export function logIn(
  app: FastifyInstance,
  body: { email: string; password: string },
  call: Call = {},
): Promise<LightMyRequestResponse> {
  return postAuth(app, '/login', body, call);
}

export function getProfile(app: FastifyInstance, cookie?: string, call: Call = {}): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url: `${AUTH}/profile`, ...options({ ...call, cookie }) });
}

export type SetCookie = LightMyRequestResponse['cookies'][number];

/** The store_session cookie the answer sets (or clears), if any. */
export function sessionCookie(res: LightMyRequestResponse): SetCookie | undefined {
  return res.cookies.find((c) => c.name === SESSION_COOKIE);
}

/** The session token the answer sets; throws when it sets none. */
export function sessionToken(res: LightMyRequestResponse): string {
  const cookie = sessionCookie(res);
  if (!cookie?.value) throw new Error(`no session cookie in the answer (${res.statusCode} ${res.body})`);
  return cookie.value;
}
