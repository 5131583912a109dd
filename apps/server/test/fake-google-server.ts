/**
 * A local fake of Google's OAuth 2.0 / OpenID Connect endpoints, a real HTTP server on 127.0.0.1,
 * so Google sign-in is tested offline (API tests, and the end-to-end run from e2e/global-setup.ts).
 * It checks what Google checks in the authorization code flow with PKCE, and nothing more.
 *
 *   const google = await startFakeGoogle({
 *     user: { sub: '1001', email: 'ann@example.org', email_verified: true, name: 'Ann' },
 *   });
 *   // Point the server at it: GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, GOOGLE_AUTHORIZATION_URL,
 *   // GOOGLE_TOKEN_URL and GOOGLE_USERINFO_URL, all in `google.env`.
 *   buildTestApp({ env: google.env });
 *   google.setUser({ ... });   // who "signs in" at the next authorization
 *   google.denyNext();         // the next authorization answers ?error=access_denied (consent refused)
 *   await google.stop();
 *
 * API (kept stable; the e2e set-up depends on it):
 *   startFakeGoogle({ user, clientId?, clientSecret? }) -> {
 *     authorizationUrl, tokenUrl, userinfoUrl, clientId, clientSecret, env,
 *     setUser(user), denyNext(), refusals, stop()
 *   }
 *
 * - Authorization (GET): needs response_type=code, this client_id, a redirect_uri, a state and an
 *   S256 code_challenge; then redirects (302) straight back to redirect_uri?code=…&state=…&scope=…
 *   as if the visitor had chosen their account and consented. Refusals are 400 text pages.
 * - Token (POST, form-encoded): needs the client's credentials (Basic authorization, as arctic
 *   sends them, or client_id/client_secret in the body), grant_type=authorization_code, a code this
 *   server issued, unused and under a minute old, for the same client and redirect_uri, and a
 *   code_verifier whose S256 hash is the code's challenge. Answers { access_token, token_type,
 *   expires_in, scope }, or 400 invalid_grant / 401 invalid_client as Google does. Each code works once.
 * - Userinfo (GET): needs `Authorization: Bearer <access_token>`; answers the user of that code.
 * `refusals` lists why each refused request was refused (for tests' assertions).
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeGoogleUser = { sub: string; email: string; email_verified: boolean; name: string };

export type FakeGoogleOptions = {
  user: FakeGoogleUser;
  /** Defaults: 'fake-google-client-id' / 'fake-google-client-secret'. */
  clientId?: string;
  clientSecret?: string;
};

export type FakeGoogle = {
  authorizationUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  clientId: string;
  clientSecret: string;
  /** The GOOGLE_* environment variables that point the server at this fake. */
  env: Record<string, string>;
  /** Who signs in at the next authorization. */
  setUser(user: FakeGoogleUser): void;
  /** The next authorization answers ?error=access_denied, as when the visitor refuses consent. */
  denyNext(): void;
  /** Why each refused request was refused, oldest first. */
  refusals: string[];
  stop(): Promise<void>;
};

const SCOPE = 'openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile';
const CODE_LIFETIME_MS = 60_000;

type IssuedCode = { clientId: string; redirectUri: string; challenge: string; user: FakeGoogleUser; expires: number };

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(body));
}

function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** Basic credentials (as arctic sends them) or client_id / client_secret in the body. */
function clientCredentials(req: IncomingMessage, form: URLSearchParams): { id: string; secret: string } | undefined {
  const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(req.headers.authorization ?? '');
  if (match?.[1]) {
    const decoded = Buffer.from(match[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon === -1) return undefined;
    return { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
  }
  const id = form.get('client_id');
  const secret = form.get('client_secret');
  return id !== null && secret !== null ? { id, secret } : undefined;
}

export async function startFakeGoogle(options: FakeGoogleOptions): Promise<FakeGoogle> {
  const clientId = options.clientId ?? 'fake-google-client-id';
  const clientSecret = options.clientSecret ?? 'fake-google-client-secret';
  let user = options.user;
  let denyNext = false;
  const codes = new Map<string, IssuedCode>();
  const accessTokens = new Map<string, FakeGoogleUser>();
  const refusals: string[] = [];

  const refusePage = (res: ServerResponse, reason: string) => {
    refusals.push(reason);
    res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end(`Error 400: invalid_request\n${reason}\n`);
  };
  const refuseToken = (res: ServerResponse, status: 400 | 401, error: string, reason: string) => {
    refusals.push(reason);
    json(res, status, { error, error_description: reason });
  };

  /** What Google would refuse in an authorization request; undefined when it is fine. */
  function authorizationProblem(q: URLSearchParams): string | undefined {
    if (q.get('response_type') !== 'code') return 'response_type must be code';
    if (q.get('client_id') !== clientId) return 'unknown client_id';
    if (!/^https?:\/\//.test(q.get('redirect_uri') ?? '')) return 'redirect_uri missing';
    if (!q.get('state')) return 'state missing';
    if (!q.get('code_challenge') || q.get('code_challenge_method') !== 'S256') return 'S256 code_challenge missing';
    if (!(q.get('scope') ?? '').split(' ').includes('openid')) return 'scope must include openid';
    return undefined;
  }

  function authorize(url: URL, res: ServerResponse): void {
    const q = url.searchParams;
    const problem = authorizationProblem(q);
    const redirectUri = q.get('redirect_uri');
    const state = q.get('state');
    const challenge = q.get('code_challenge');
    if (problem !== undefined || !redirectUri || !state || !challenge) {
      refusePage(res, problem ?? 'invalid request');
      return;
    }

    const back = new URL(redirectUri);
    back.searchParams.set('state', state);
    if (denyNext) {
      denyNext = false;
      back.searchParams.set('error', 'access_denied');
    } else {
      const code = `4/${randomBytes(24).toString('base64url')}`;
      codes.set(code, { clientId, redirectUri, challenge, user: { ...user }, expires: Date.now() + CODE_LIFETIME_MS });
      back.searchParams.set('code', code);
      back.searchParams.set('scope', SCOPE);
    }
    res.writeHead(302, { location: back.toString() }).end();
  }

  async function token(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = new URLSearchParams(await readBody(req));
    const client = clientCredentials(req, form);
    if (!client || client.id !== clientId || client.secret !== clientSecret) {
      return refuseToken(res, 401, 'invalid_client', 'client credentials missing or wrong');
    }
    if (form.get('grant_type') !== 'authorization_code') {
      return refuseToken(res, 400, 'unsupported_grant_type', 'grant_type must be authorization_code');
    }
    const code = form.get('code') ?? '';
    const issued = codes.get(code);
    // Single use, whatever happens next (RFC 6749 §4.1.2).
    codes.delete(code);
    if (!issued || issued.expires < Date.now()) return refuseToken(res, 400, 'invalid_grant', 'unknown or used code');
    if (issued.clientId !== client.id) return refuseToken(res, 400, 'invalid_grant', 'code issued to another client');
    if (form.get('redirect_uri') !== issued.redirectUri) {
      return refuseToken(res, 400, 'invalid_grant', 'redirect_uri differs from the authorization request');
    }
    const verifier = form.get('code_verifier');
    if (!verifier || s256(verifier) !== issued.challenge) {
      return refuseToken(res, 400, 'invalid_grant', 'code_verifier does not match the code_challenge');
    }
    const accessToken = `ya29.${randomBytes(24).toString('base64url')}`;
    accessTokens.set(accessToken, issued.user);
    json(res, 200, { access_token: accessToken, token_type: 'Bearer', expires_in: 3599, scope: SCOPE });
  }

  function userinfo(req: IncomingMessage, res: ServerResponse): void {
    const match = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '');
    const found = match?.[1] ? accessTokens.get(match[1]) : undefined;
    if (!found) {
      refusals.push('userinfo without a valid access token');
      json(res, 401, { error: 'invalid_token' });
      return;
    }
    json(res, 200, found);
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const route = `${req.method} ${url.pathname}`;
    if (route === 'GET /o/oauth2/v2/auth') return authorize(url, res);
    if (route === 'POST /token') {
      token(req, res).catch(() => json(res, 500, { error: 'server_error' }));
      return;
    }
    if (route === 'GET /v1/userinfo') return userinfo(req, res);
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address: AddressInfo | string | null = server.address();
  if (address === null || typeof address === 'string') throw new Error('the fake Google is not listening on a port');
  const base = `http://127.0.0.1:${address.port}`;
  const authorizationUrl = `${base}/o/oauth2/v2/auth`;
  const tokenUrl = `${base}/token`;
  const userinfoUrl = `${base}/v1/userinfo`;

  return {
    authorizationUrl,
    tokenUrl,
    userinfoUrl,
    clientId,
    clientSecret,
    env: {
      GOOGLE_CLIENT_ID: clientId,
      GOOGLE_CLIENT_SECRET: clientSecret,
      GOOGLE_AUTHORIZATION_URL: authorizationUrl,
      GOOGLE_TOKEN_URL: tokenUrl,
      GOOGLE_USERINFO_URL: userinfoUrl,
    },
    setUser(next) {
      user = next;
    },
    denyNext() {
      denyNext = true;
    },
    refusals,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
