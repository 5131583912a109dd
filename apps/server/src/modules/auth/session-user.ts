/**
 * For other modules (the checkout, event registrations): the signed-in visitor's user id from the
 * session cookie, or null. Never an error for the visitor: a missing, expired or forged cookie is
 * simply an anonymous request. The cookie is honoured only on requests from the site's own pages
 * (origin-check.ts), so another site cannot get an order or a registration filed under an account.
 * It does not renew the session (the cookie is not re-sent here); the auth routes do.
 */
import type { ResolveAccountOwner, ResolveUserId } from '#src/lib/resolve-user-id';
import { isSafeMethod, isTrustedOrigin } from './origin-check';
import { sessionTokenOf } from './session-cookie';
import type { SessionStore } from './sessions';

export function createSessionUserResolver({
  sessions,
  allowedOrigins,
}: {
  sessions: SessionStore;
  allowedOrigins: readonly string[];
}): ResolveUserId {
  const owner = createSessionOwnerResolver({ sessions, allowedOrigins });
  return async (request) => (await owner(request))?.id ?? null;
}

/** The same, with the account's e-mail and whether it is verified (db/owned-by.ts). */
export function createSessionOwnerResolver({
  sessions,
  allowedOrigins,
}: {
  sessions: SessionStore;
  allowedOrigins: readonly string[];
}): ResolveAccountOwner {
  return async (request) => {
    const token = sessionTokenOf(request);
    if (token === undefined) return null;
    if (!isSafeMethod(request.method) && !isTrustedOrigin(request, allowedOrigins)) return null;
    const found = await sessions.read(token, { renew: false });
    if (!found) return null;
    const { id, email, emailVerified } = found.user;
    return { id, email, emailVerified };
  };
}
