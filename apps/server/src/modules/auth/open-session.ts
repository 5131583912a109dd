/**
 * Signing in (password or Google) ends the browser's previous session, if it had one, and opens a
 * new one: a session id planted in the browser before the login (session fixation) is never the one
 * that ends up signed in.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sessionTokenOf, setSessionCookie } from './session-cookie';
import type { NewSession, SessionStore } from './sessions';

export async function openSession(
  request: FastifyRequest,
  reply: FastifyReply,
  sessions: SessionStore,
  userId: string,
): Promise<NewSession> {
  const previous = sessionTokenOf(request);
  if (previous !== undefined) await sessions.delete(previous);
  const session = await sessions.create(userId);
  setSessionCookie(reply, session.token, session.expiresAt);
  return session;
}
