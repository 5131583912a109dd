/**
 * The session cookie: an opaque random token (sessions.ts keeps only its hash).
 *  - HttpOnly: page scripts, and so an injected script, cannot read it.
 *  - SameSite=Lax: other sites' forms and fetches do not carry it; a link from elsewhere
 *    (a top-level GET, such as Google's redirect back) still does. The Origin check (origin-check.ts)
 *    covers what SameSite leaves open (older browsers, sibling subdomains).
 *  - Secure when the request came over HTTPS (request.protocol follows X-Forwarded-Proto when
 *    TRUST_PROXY says to trust the proxy); over plain http a Secure cookie would never come back.
 *  - Path=/ so the site's pages under / and the checkout (which links an order to the account) get it.
 *  - Max-Age: the session's lifetime, renewed with the session (sliding, at most once a day).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'store_session';

/** 32 random bytes in base64url (sessions.ts): anything else is not one of ours. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The session token the request carries, if it has the shape of one (junk costs no query). */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  const token = request.cookies[SESSION_COOKIE];
  return token !== undefined && TOKEN_SHAPE.test(token) ? token : undefined;
}

export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date): void {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: 'auto',
    path: '/',
    maxAge,
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: 'auto', path: '/' });
}
