/**
 * The staff session cookie. Apart from the donors' (`store_session`): a donor signed in on the same
 * browser is not staff. SameSite=Strict: no other site's link or form ever carries it, and the back
 * office needs no arrival from elsewhere. HttpOnly, Secure over HTTPS, Path=/api/staff: the only
 * place it is read.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

export const STAFF_COOKIE = 'store_staff';
export const STAFF_COOKIE_PATH = '/api/staff';
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function staffTokenOf(request: FastifyRequest): string | undefined {
  const token = request.cookies[STAFF_COOKIE];
  return token !== undefined && TOKEN_SHAPE.test(token) ? token : undefined;
}

export function setStaffCookie(reply: FastifyReply, token: string, expiresAt: Date): void {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
  reply.setCookie(STAFF_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: 'auto',
    path: STAFF_COOKIE_PATH,
    maxAge,
  });
}

export function clearStaffCookie(reply: FastifyReply): void {
  reply.clearCookie(STAFF_COOKIE, { httpOnly: true, sameSite: 'strict', secure: 'auto', path: STAFF_COOKIE_PATH });
}
