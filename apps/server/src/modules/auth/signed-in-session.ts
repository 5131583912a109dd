/**
 * Who is calling an account-upkeep route (account-routes.ts): the session cookie only. The
 * /auth-success hand-off token (current-user.ts) proves a sign-in for a moment, to read the profile;
 * changing the account needs the session itself, whose token the setting may keep (a password change
 * ends every session but this one).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '#src/errors/app-error';
import { clearSessionCookie, SESSION_COOKIE, sessionTokenOf, setSessionCookie } from './session-cookie';
import type { SessionStore } from './sessions';
import type { User } from './user-repo';

export async function signedInSession(
  request: FastifyRequest,
  reply: FastifyReply,
  sessions: SessionStore,
): Promise<{ user: User; token: string }> {
  const token = sessionTokenOf(request);
  const found = token === undefined ? undefined : await sessions.read(token);
  if (token === undefined || !found) {
    if (request.cookies[SESSION_COOKIE] !== undefined) clearSessionCookie(reply);
    throw new AppError('unauthorized', 'You are not signed in.');
  }
  if (found.renewedUntil) setSessionCookie(reply, token, found.renewedUntil);
  return { user: found.user, token };
}
