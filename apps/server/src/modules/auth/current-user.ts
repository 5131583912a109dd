/**
 * Who is calling the auth server's read routes (profile, activity): the session cookie first, then
 * `Authorization: Bearer <hand-off token>` (what Google sign-in left in sessionStorage jwt_token),
 * accepted once and only while the session it was handed out with lives.
 * Reading the cookie renews a session that is due (sessions.ts) and re-sends the cookie with the new
 * lifetime; a cookie that no longer names a live session is cleared, so the browser stops sending it.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '#src/db/client';
import { type HandOffKey, redeemHandOffToken } from './hand-off-token';
import { clearSessionCookie, SESSION_COOKIE, sessionTokenOf, setSessionCookie } from './session-cookie';
import type { SessionStore } from './sessions';
import { findUserById, type User } from './user-repo';

export type CurrentUserDeps = { db: Database; sessions: SessionStore; handOffKey: HandOffKey };

function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer ([\w.-]{1,4096})$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

export async function currentUser(
  request: FastifyRequest,
  reply: FastifyReply,
  { db, sessions, handOffKey }: CurrentUserDeps,
): Promise<User | undefined> {
  const token = sessionTokenOf(request);
  if (token !== undefined) {
    const found = await sessions.read(token);
    if (found) {
      if (found.renewedUntil) setSessionCookie(reply, token, found.renewedUntil);
      return found.user;
    }
  }
  if (request.cookies[SESSION_COOKIE] !== undefined) clearSessionCookie(reply);

  const bearer = bearerToken(request);
  if (bearer === undefined) return undefined;
  // Single use: this request spends it (hand-off-token.ts).
  const userId = await redeemHandOffToken(db, handOffKey, bearer);
  return userId === undefined ? undefined : findUserById(db, userId);
}
