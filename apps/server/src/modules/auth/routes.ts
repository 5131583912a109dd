/**
 * The auth server (SPEC.md §2, §7; the routes and answers are listed in packages/shared/src/auth.ts),
 * registered under the path of AUTH_BASE_URL (`/auth` by default):
 *   POST register, POST login, GET profile, POST logout, GET activity, GET google, GET google/callback,
 *   and the account upkeep routes of account-routes.ts (verify e-mail, forgot / reset / change password,
 *   change e-mail, log out everywhere, delete the account).
 *
 * Every answer is `Cache-Control: no-store` (they carry who the visitor is, or set a cookie). Every
 * request must be for one of the site's host names (plugins/host-guard.ts, ALLOWED_HOSTS), and every
 * request that changes something must come from the site's pages (origin-check.ts). A sign-up
 * carries a captcha (action `register`). Sessions are
 * database rows (sessions.ts) named by an httpOnly cookie (session-cookie.ts), so any server
 * process answers any visitor.
 */
import { apiErrorSchema } from '@store/shared/api-error';
import {
  type AccountActivity,
  accountActivitySchema,
  authUserResponseSchema,
  loginRequestSchema,
  registerRequestSchema,
} from '@store/shared/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '#src/config';
import type { Database } from '#src/db/client';
import type { AppSecrets } from '#src/db/secrets';
import { AppError } from '#src/errors/app-error';
import { requestLocale } from '#src/i18n/request-locale';
import { TooManyLoginsError } from '#src/modules/admins/login-limit';
import type { CaptchaVerifier } from '#src/modules/captcha/captcha-verifier';
import { captchaHeaders, captchaPreHandler } from '#src/modules/captcha/pre-handler';
import type { MailNotifier } from '#src/modules/mail/worker';
import { linkKey } from './account-link-token';
import { accountRoutes } from './account-routes';
import { authLocation } from './auth-location';
import { installCors } from './cors';
import { currentUser } from './current-user';
import { googleRoutes } from './google/google-routes';
import { handOffKey as deriveHandOffKey } from './hand-off-token';
import { linkOrigin } from './link-origin';
import { openSession } from './open-session';
import { originGuard } from './origin-check';
import { createPasswordAccounts } from './password-accounts';
import { clearSessionCookie, sessionTokenOf } from './session-cookie';
import type { SessionStore } from './sessions';
import { toPublicUser, type User } from './user-repo';

export type AuthRoutesOptions = {
  db: Database;
  config: Pick<Config, 'authBaseUrl' | 'allowedOrigins' | 'allowedHosts' | 'google'>;
  /** Guards POST register (action `register`) and POST password/forgot (action `forgot-password`). */
  captcha: CaptchaVerifier;
  /** Told when an alert e-mail was queued (guessing-alert.ts), so it goes out at once. */
  mail?: MailNotifier | undefined;
  secrets: AppSecrets;
  /** Shared with the other modules' session resolver (session-user.ts). */
  sessions: SessionStore;
  /**
   * GET activity's answer: the signed-in user's donations and registrations. Read by the modules
   * that own them (the checkout, event registrations) and handed in at start-up
   * (register-modules.ts), so that they may depend on auth's tables and auth never on them.
   */
  readActivity: (user: User) => Promise<AccountActivity>;
  /** Issue 22: run before an account is deleted (its monthly gifts cancelled), handed in likewise. */
  beforeAccountDeleted?: ((userId: string) => Promise<void>) | undefined;
};

const userResponses = {
  400: apiErrorSchema,
  403: apiErrorSchema,
  421: apiErrorSchema,
  429: apiErrorSchema,
};

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const { db, config, secrets, sessions, readActivity, captcha, mail, beforeAccountDeleted } = options;
  const location = authLocation(config);
  const handOffKey = deriveHandOffKey(secrets.session);
  const accounts = createPasswordAccounts({ db, logger: app.log, mail });

  if (location.origin !== undefined && config.allowedOrigins.length === 0) {
    app.log.warn(
      { authBaseUrl: config.authBaseUrl },
      "AUTH_BASE_URL is a full URL but ALLOWED_ORIGINS is empty: only pages on the auth server's own origin can use it",
    );
  }
  if (config.allowedOrigins.length > 0) installCors(app, config.allowedOrigins);
  app.addHook('onRequest', originGuard(config.allowedOrigins));
  // Also for the Google routes (a child plugin: it inherits these hooks).
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  // POST logout (and API clients) may send `Content-Type: application/json` with no body at all:
  // that is "nothing", not a malformed JSON document. Everything else is parsed as usual.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') done(null, undefined);
    else parseJson(request, text, done);
  });

  function withRetryAfter(reply: FastifyReply, error: unknown): never {
    if (error instanceof TooManyLoginsError) reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  }

  app.post(
    '/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an account with an e-mail and a password, and sign in',
        headers: z.looseObject(captchaHeaders),
        body: registerRequestSchema,
        response: { 201: authUserResponseSchema, ...userResponses, 409: apiErrorSchema, 503: apiErrorSchema },
      },
      preHandler: captchaPreHandler(captcha, 'register'),
    },
    async (request, reply) => {
      const { user, linkQueued } = await accounts
        .register(request.body, {
          clientIp: request.ip,
          linkOrigin: linkOrigin(location, request),
          locale: requestLocale(request),
        })
        .catch((error) => withRetryAfter(reply, error));
      request.log.info({ userId: user.id, verificationQueued: linkQueued }, 'account registered');
      if (linkQueued) mail?.kick();
      await openSession(request, reply, sessions, user.id);
      return reply.code(201).send({ user: toPublicUser(user) });
    },
  );

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with an e-mail and a password (a new session replaces the old one)',
        body: loginRequestSchema,
        response: { 200: authUserResponseSchema, ...userResponses, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = await accounts.logIn(request.body, request.ip).catch((error) => withRetryAfter(reply, error));
      await openSession(request, reply, sessions, user.id);
      return { user: toPublicUser(user) };
    },
  );

  const signedIn = async (request: FastifyRequest, reply: FastifyReply): Promise<User> => {
    const user = await currentUser(request, reply, { db, sessions, handOffKey });
    if (!user) throw new AppError('unauthorized', 'You are not signed in.');
    return user;
  };

  app.get(
    '/profile',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user (session cookie, or Bearer hand-off token)',
        response: { 200: authUserResponseSchema, 401: apiErrorSchema, 421: apiErrorSchema },
      },
    },
    async (request, reply) => ({ user: toPublicUser(await signedIn(request, reply)) }),
  );

  app.get(
    '/activity',
    {
      schema: {
        tags: ['auth'],
        summary: "The signed-in donor's donations (with receipt numbers) and event registrations",
        response: { 200: accountActivitySchema, 401: apiErrorSchema, 421: apiErrorSchema },
      },
    },
    async (request, reply) => readActivity(await signedIn(request, reply)),
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End the session and clear its cookie',
        response: { 204: z.null().describe('No content'), 403: apiErrorSchema, 421: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const token = sessionTokenOf(request);
      if (token !== undefined) await sessions.delete(token);
      clearSessionCookie(reply);
      return reply.code(204).send(null);
    },
  );

  await app.register(googleRoutes, { db, google: config.google, location, sessions, handOffKey });
  await app.register(accountRoutes, {
    db,
    accounts,
    sessions,
    linkKey: linkKey(secrets.session),
    location,
    captcha,
    mail,
    beforeAccountDeleted,
  });
};
