/**
 * The token Google sign-in hands to the web app in `/auth-success?token=…` (SPEC.md §2: the page
 * keeps it in sessionStorage `jwt_token`): a JWT (HS256) naming the user, valid 5 minutes, accepted
 * as `Authorization: Bearer` by GET {auth}/profile. The session cookie set beside it is what keeps
 * the visitor signed in; the token only proves, briefly, who just signed in. It travels in a URL
 * (history, logs: the server's logger masks it), hence the short life.
 *
 * Its key is derived from the session secret (like the captcha's, captcha/altcha.ts), so every
 * process on one database signs and checks with the same key, and no other use of the secret can
 * produce a valid token.
 */
import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Database } from '#src/db/client';
import { isUuid } from '#src/lib/uuid';
import { authHandOffs, authSessions } from './tables';

export const HAND_OFF_AUDIENCE = 'jwt_token';
export const HAND_OFF_TTL_SECONDS = 5 * 60;
const ISSUER = 'store-auth';

export type HandOffKey = Uint8Array;

export function handOffKey(sessionSecret: string): HandOffKey {
  return new Uint8Array(createHmac('sha256', sessionSecret).update('auth/hand-off-token/v1').digest());
}

/** Signs a token for this hand-off row (`handOffId`); issueHandOffToken is what the sign-in calls. */
export function signHandOffToken(key: HandOffKey, userId: string, handOffId: string): Promise<string> {
  return new SignJWT({})
    .setJti(handOffId)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setAudience(HAND_OFF_AUDIENCE)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${HAND_OFF_TTL_SECONDS}s`)
    .sign(key);
}

export type HandOffClaims = { userId: string; handOffId: string };

/** The token's claims; undefined when it is forged, expired, for another audience or junk. */
export async function verifyHandOffToken(
  key: HandOffKey,
  token: string,
  currentDate?: Date,
): Promise<HandOffClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      audience: HAND_OFF_AUDIENCE,
      issuer: ISSUER,
      requiredClaims: ['sub', 'exp', 'jti'],
      ...(currentDate ? { currentDate } : {}),
    });
    const { sub, jti } = payload;
    return sub !== undefined && jti !== undefined && isUuid(jti) ? { userId: sub, handOffId: jti } : undefined;
  } catch (error) {
    if (error instanceof errors.JOSEError) return undefined;
    throw error;
  }
}

/** A new token for the session just opened (its id: the sha256 of the cookie's token, sessions.ts). */
export async function issueHandOffToken(
  db: Pick<Database, 'insert'>,
  key: HandOffKey,
  { userId, sessionId }: { userId: string; sessionId: string },
): Promise<string> {
  const [row] = await db
    .insert(authHandOffs)
    .values({ sessionId, expiresAt: sql`now() + ${sql.raw(`interval '${HAND_OFF_TTL_SECONDS} seconds'`)}` })
    .returning({ id: authHandOffs.id });
  if (!row) throw new Error('the hand-off was not stored');
  return signHandOffToken(key, userId, row.id);
}

/**
 * The user id a token vouches for, spending it: one statement deletes its row if the row and its
 * session are still live, so of two requests showing the same token at once exactly one gets in.
 */
export async function redeemHandOffToken(
  db: Pick<Database, 'execute'>,
  key: HandOffKey,
  token: string,
): Promise<string | undefined> {
  const claims = await verifyHandOffToken(key, token);
  if (!claims) return undefined;
  const h = authHandOffs;
  const s = authSessions;
  const result = await db.execute<{ user_id: string }>(sql`
    delete from ${h} using ${s}
    where ${h.id} = ${claims.handOffId} and ${h.sessionId} = ${s.id}
      and ${h.expiresAt} > now() and ${s.expiresAt} > now()
    returning ${s.userId} as user_id`);
  const userId = result.rows[0]?.user_id;
  return userId === claims.userId ? userId : undefined;
}

/** Deletes hand-offs past their expiry (the sessions' sweep calls it). */
export async function sweepHandOffs(db: Pick<Database, 'delete'>): Promise<void> {
  await db.delete(authHandOffs).where(sql`${authHandOffs.expiresAt} <= now()`);
}
