/**
 * GET {auth}/google           302 to Google's consent screen, or to /login?error=google-not-configured
 *                             when Google is not configured
 * GET {auth}/google/callback  Google sends the browser back here with ?code&state (or ?error):
 *                             302 to /auth-success?token=… with a session cookie, or to
 *                             /login?error=google when anything is wrong. Never a 500 page.
 *
 * Not configured, the 'Login with Google' button on /login stays (SPEC.md §2): pressing it brings
 * the visitor back to /login, in the site's own layout, with 'Login failed' and why, and the login
 * form right there. (It was a bare HTML page of its own, with none of the site around it.)
 *
 * The state and the PKCE code verifier wait in two short-lived httpOnly cookies scoped to
 * {auth}/google: the state proves the callback answers a sign-in THIS browser started (no one can
 * sign a visitor into the attacker's account by sending them a callback URL), the verifier proves
 * to Google that whoever redeems the code started the flow.
 */
import { timingSafeEqual } from 'node:crypto';
import { apiErrorSchema } from '@store/shared/api-error';
import { GOOGLE_LOGIN_ERROR } from '@store/shared/auth';
import { generateCodeVerifier, generateState } from 'arctic';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { GoogleConfig } from '#src/config';
import type { Database } from '#src/db/client';
import { AppError } from '#src/errors/app-error';
import { requestLocale } from '#src/i18n/request-locale';
import type { AuthLocation } from '../auth-location';
import { type HandOffKey, issueHandOffToken } from '../hand-off-token';
import { openSession } from '../open-session';
import { requestOrigin } from '../origin-check';
import { type SessionStore, sessionId } from '../sessions';
import { exchangeGoogleCode, fetchGoogleUserinfo, type GoogleUserinfo, googleAuthorizationUrl } from './google-oauth';
import { findOrCreateGoogleUser } from './google-user';

export type GoogleRoutesOptions = {
  db: Database;
  google: GoogleConfig | undefined;
  location: AuthLocation;
  sessions: SessionStore;
  handOffKey: HandOffKey;
};

const STATE_COOKIE = 'store_google_state';
const VERIFIER_COOKIE = 'store_google_verifier';
/** Long enough to choose an account and consent, short enough that a stale flow dies. */
const FLOW_MAX_AGE_SECONDS = 10 * 60;

// Anything odd in the query (a repeated or huge parameter) reads as absent: the visitor is sent
// back to /login like for any other failed sign-in, rather than shown a JSON error.
const queryParam = z.string().max(4096).optional().catch(undefined);
const callbackQuerySchema = z.looseObject({ code: queryParam, state: queryParam, error: queryParam });

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export const googleRoutes: FastifyPluginAsyncZod<GoogleRoutesOptions> = async (app, options) => {
  const { db, google, location, sessions, handOffKey } = options;
  const flowCookiePath = `${location.prefix}/google`;
  const flowCookie = { httpOnly: true, sameSite: 'lax', secure: 'auto', path: flowCookiePath } as const;
  const loginUrl = `${location.siteOrigin}/login`;
  const failedUrl = `${loginUrl}?error=${GOOGLE_LOGIN_ERROR.failed}`;
  const notConfiguredUrl = `${loginUrl}?error=${GOOGLE_LOGIN_ERROR.notConfigured}`;

  function redirectUri(request: FastifyRequest): string {
    if (google?.redirectUri) return google.redirectUri;
    const origin = requestOrigin(request);
    if (origin === undefined) throw new AppError('bad_request', 'The request has no valid Host header.');
    return `${origin}${flowCookiePath}/callback`;
  }

  function notConfigured(reply: FastifyReply) {
    return reply.redirect(notConfiguredUrl, 302);
  }

  const redirectResponse = z.null().describe('A redirect (Location header)');

  app.get(
    '/google',
    {
      schema: {
        tags: ['auth'],
        summary: "Start Google sign-in: a redirect to Google's consent screen (to /login when it is not set up)",
        response: { 302: redirectResponse, 421: apiErrorSchema },
      },
    },
    async (request, reply) => {
      if (!google) return notConfigured(reply);
      const state = generateState();
      const codeVerifier = generateCodeVerifier();
      const url = googleAuthorizationUrl(google, { redirectUri: redirectUri(request), state, codeVerifier });
      reply.setCookie(STATE_COOKIE, state, { ...flowCookie, maxAge: FLOW_MAX_AGE_SECONDS });
      reply.setCookie(VERIFIER_COOKIE, codeVerifier, { ...flowCookie, maxAge: FLOW_MAX_AGE_SECONDS });
      return reply.redirect(url.toString(), 302);
    },
  );

  app.get(
    '/google/callback',
    {
      schema: {
        tags: ['auth'],
        summary: 'Where Google sends the browser back: opens a session, then /auth-success?token=…',
        querystring: callbackQuerySchema,
        response: { 302: redirectResponse, 421: apiErrorSchema },
      },
    },
    async (request, reply) => {
      if (!google) return notConfigured(reply);
      // One try per flow: whatever happens next, the state and verifier are spent.
      const expectedState = request.cookies[STATE_COOKIE];
      const codeVerifier = request.cookies[VERIFIER_COOKIE];
      reply.clearCookie(STATE_COOKIE, flowCookie);
      reply.clearCookie(VERIFIER_COOKIE, flowCookie);
      const fail = (reason: string, error?: unknown) => {
        request.log.warn({ reason, ...(error ? { err: error } : {}) }, 'google sign-in failed');
        return reply.redirect(failedUrl, 302);
      };

      const { code, state, error } = request.query;
      // e.g. access_denied: the visitor said no on Google's screen.
      if (error !== undefined) return fail(`google answered ${error.slice(0, 64)}`);
      if (code === undefined || state === undefined) return fail('no code or state');
      if (expectedState === undefined || codeVerifier === undefined) return fail('no sign-in in progress');
      if (!sameText(state, expectedState)) return fail('state mismatch');

      let info: GoogleUserinfo;
      try {
        const accessToken = await exchangeGoogleCode(google, { redirectUri: redirectUri(request), code, codeVerifier });
        info = await fetchGoogleUserinfo(google, accessToken);
      } catch (caught) {
        // Google refused the code (or the verifier), could not be reached, or answered nonsense.
        return fail('google exchange failed', caught);
      }
      // Google's answer carries no ?lang=: the lang cookie or the browser's languages say it.
      const locale = requestLocale(request);
      const user = await findOrCreateGoogleUser({ db, sessions, logger: request.log, locale }, info);
      if (!user) return fail('no account can be opened for this Google account');

      const session = await openSession(request, reply, sessions, user.id);
      const token = await issueHandOffToken(db, handOffKey, { userId: user.id, sessionId: sessionId(session.token) });
      request.log.info({ userId: user.id }, 'google sign-in');
      return reply.redirect(`${location.siteOrigin}/auth-success?token=${encodeURIComponent(token)}`, 302);
    },
  );
};
