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
import { errors, jwtVerify, SignJWT } from 'jose';

export const HAND_OFF_AUDIENCE = 'jwt_token';
export const HAND_OFF_TTL_SECONDS = 5 * 60;
const ISSUER = 'store-auth';

export type HandOffKey = Uint8Array;

export function handOffKey(sessionSecret: string): HandOffKey {
  return new Uint8Array(createHmac('sha256', sessionSecret).update('auth/hand-off-token/v1').digest());
}

export function signHandOffToken(key: HandOffKey, userId: string): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setAudience(HAND_OFF_AUDIENCE)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${HAND_OFF_TTL_SECONDS}s`)
    .sign(key);
}

/** The user id the token names; undefined when it is forged, expired, for another audience or junk. */
export async function verifyHandOffToken(
  key: HandOffKey,
  token: string,
  currentDate?: Date,
): Promise<string | undefined> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      audience: HAND_OFF_AUDIENCE,
      issuer: ISSUER,
      requiredClaims: ['sub', 'exp'],
      ...(currentDate ? { currentDate } : {}),
    });
    return payload.sub;
  } catch (error) {
    if (error instanceof errors.JOSEError) return undefined;
    throw error;
  }
}
