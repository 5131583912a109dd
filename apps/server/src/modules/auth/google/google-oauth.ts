/**
 * Google's side of sign-in, through arctic's generic OAuth2Client so that every endpoint comes
 * from config (GOOGLE_*_URL): the tests and the end-to-end run point them at a local fake
 * (apps/server/test/fake-google-server.ts). Authorization code flow with PKCE (S256) and state.
 */
import { CodeChallengeMethod, OAuth2Client } from 'arctic';
import { z } from 'zod';
import type { GoogleConfig } from '#src/config';

export const GOOGLE_SCOPES = ['openid', 'email', 'profile'];

/** Google answers in well under a second; a hung endpoint must not hold the callback for long. */
const GOOGLE_TIMEOUT_MS = 10_000;

/** Thrown when Google does not answer in time, or its userinfo answer is not what OpenID Connect promises. */
export class GoogleAnswerError extends Error {
  override name = 'GoogleAnswerError';
}

/** arctic's token request takes no AbortSignal: stop waiting for it (it ends on its own later). */
async function withinTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new GoogleAnswerError(`${what} took over ${GOOGLE_TIMEOUT_MS} ms`)),
      GOOGLE_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function client(google: GoogleConfig, redirectUri: string): OAuth2Client {
  return new OAuth2Client(google.clientId, google.clientSecret, redirectUri);
}

export function googleAuthorizationUrl(
  google: GoogleConfig,
  { redirectUri, state, codeVerifier }: { redirectUri: string; state: string; codeVerifier: string },
): URL {
  return client(google, redirectUri).createAuthorizationURLWithPKCE(
    google.authorizationUrl,
    state,
    CodeChallengeMethod.S256,
    codeVerifier,
    GOOGLE_SCOPES,
  );
}

/** Exchanges the code for an access token; throws arctic's errors (OAuth2RequestError, ArcticFetchError, ...). */
export async function exchangeGoogleCode(
  google: GoogleConfig,
  { redirectUri, code, codeVerifier }: { redirectUri: string; code: string; codeVerifier: string },
): Promise<string> {
  const exchange = client(google, redirectUri).validateAuthorizationCode(google.tokenUrl, code, codeVerifier);
  const tokens = await withinTimeout(exchange, 'the token request');
  return tokens.accessToken();
}

/** OpenID Connect's standard claims, the ones we use. */
const googleUserinfoSchema = z.object({
  sub: z.string().min(1).max(255),
  email: z.string().trim().max(254).pipe(z.email()),
  // A boolean from the OpenID endpoint; the older v2 endpoint sent the string "true".
  email_verified: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).default(false),
  // Our accounts' names are at most 100 characters (registerRequestSchema): a longer one is cut.
  name: z
    .string()
    .trim()
    .transform((name) => name.slice(0, 100))
    .optional(),
});
export type GoogleUserinfo = z.infer<typeof googleUserinfoSchema>;

export async function fetchGoogleUserinfo(google: GoogleConfig, accessToken: string): Promise<GoogleUserinfo> {
  const response = await fetch(google.userinfoUrl, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    signal: AbortSignal.timeout(GOOGLE_TIMEOUT_MS),
  });
  if (!response.ok) {
    await response.body?.cancel();
    throw new GoogleAnswerError(`userinfo answered HTTP ${response.status}`);
  }
  const parsed = googleUserinfoSchema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) throw new GoogleAnswerError('userinfo answer lacks sub or a valid e-mail');
  return parsed.data;
}
