/**
 * Account upkeep (issue 18, "Accounts that are complete"; the calls and answers are listed in
 * packages/shared/src/auth.ts): verify an e-mail, re-send the link, forgot / reset / change the
 * password, change the e-mail, log out everywhere, delete the account. A child of the auth plugin
 * (routes.ts), so its host check, Origin check, no-store answers and empty-body parsing apply.
 *
 * Links point at the site's pages (ACCOUNT_LINK_PATHS) on the site's origin (link-origin.ts).
 */
import { apiErrorSchema } from '@store/shared/api-error';
import {
  authMessages,
  authUserResponseSchema,
  changeEmailRequestSchema,
  changePasswordRequestSchema,
  deleteAccountRequestSchema,
  emailTokenRequestSchema,
  forgotPasswordRequestSchema,
  mailQueuedResponseSchema,
  resetPasswordRequestSchema,
} from '@store/shared/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#src/db/client';
import { TooManyLoginsError } from '#src/modules/admins/login-limit';
import type { CaptchaVerifier } from '#src/modules/captcha/captcha-verifier';
import { captchaHeaders, captchaPreHandler } from '#src/modules/captcha/pre-handler';
import type { MailNotifier } from '#src/modules/mail/worker';
import type { LinkKey } from './account-link-token';
import { ACCESS_PURPOSES, revokeLinks, sweepLinksNowAndThen } from './account-links';
import type { AuthLocation } from './auth-location';
import { requestEmailChange } from './change-email';
import { changePassword } from './change-password';
import { deleteAccount } from './delete-account';
import { followEmailLink, resendVerification } from './email-verification';
import { linkOrigin } from './link-origin';
import { openSession } from './open-session';
import type { PasswordAccounts } from './password-accounts';
import { createPasswordReset } from './password-reset';
import { clearSessionCookie } from './session-cookie';
import type { SessionStore } from './sessions';
import { signedInSession } from './signed-in-session';
import { toPublicUser } from './user-repo';

export type AccountRoutesOptions = {
  db: Database;
  accounts: PasswordAccounts;
  sessions: SessionStore;
  linkKey: LinkKey;
  location: AuthLocation;
  /** Guards POST password/forgot (action `forgot-password`). */
  captcha: CaptchaVerifier;
  mail?: MailNotifier | undefined;
  /** Run before an account is deleted (its monthly gifts are cancelled: register-modules.ts). */
  beforeAccountDeleted?: ((userId: string) => Promise<void>) | undefined;
};

const errors = { 403: apiErrorSchema, 421: apiErrorSchema };
const noContent = z.null().describe('No content');

/** The page that sent a visitor here can say exactly this; it never tells whether an account exists. */
const ALREADY_VERIFIED = 'Your e-mail address is already confirmed.';

export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, options) => {
  const { db, accounts, sessions, linkKey, location, captcha, mail, beforeAccountDeleted } = options;
  const reset = createPasswordReset({ db, key: linkKey, logger: app.log });

  function linkRequest(request: FastifyRequest) {
    sweepLinksNowAndThen(db, app.log);
    return { linkOrigin: linkOrigin(location, request), clientIp: request.ip };
  }

  function withRetryAfter(reply: FastifyReply, error: unknown): never {
    if (error instanceof TooManyLoginsError) reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  }

  const queued = (reply: FastifyReply, message: string) => reply.code(202).send({ message });
  const sentTo = (email: string) => authMessages.verificationSent.replace('{email}', email);

  app.post(
    '/email/verify',
    {
      schema: {
        tags: ['auth'],
        summary: 'Follow an e-mailed link: the address is verified, or becomes the account’s (e-mail change)',
        body: emailTokenRequestSchema,
        response: { 200: authUserResponseSchema, 400: apiErrorSchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const { user, noticeQueued } = await followEmailLink(db, linkKey, request.body.token);
      if (noticeQueued) mail?.kick();
      request.log.info({ userId: user.id }, 'e-mail address verified');
      return { user: toPublicUser(user) };
    },
  );

  app.post(
    '/email/verify/resend',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mail the signed-in account another verification link (3 an hour)',
        response: { 202: mailQueuedResponseSchema, 401: apiErrorSchema, 429: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user } = await signedInSession(request, reply, sessions);
      const sent = await resendVerification(db, user, linkRequest(request)).catch((e) => withRetryAfter(reply, e));
      if (!sent) return queued(reply, ALREADY_VERIFIED);
      mail?.kick();
      return queued(reply, sentTo(user.email));
    },
  );

  app.post(
    '/password/forgot',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mail a password reset link (1 hour) if the address has an account; the same answer either way',
        headers: z.looseObject(captchaHeaders),
        body: forgotPasswordRequestSchema,
        response: { 202: mailQueuedResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema, ...errors },
      },
      preHandler: captchaPreHandler(captcha, 'forgot-password'),
    },
    async (request, reply) => {
      const sent = await reset
        .forgot(request.body.email, linkRequest(request))
        .catch((error) => withRetryAfter(reply, error));
      if (sent) mail?.kick();
      return queued(reply, authMessages.resetLinkSent);
    },
  );

  app.post(
    '/password/reset',
    {
      schema: {
        tags: ['auth'],
        summary: 'Follow a reset link: a new password, every session ended, a new one opened here',
        body: resetPasswordRequestSchema,
        response: { 200: authUserResponseSchema, 400: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await reset.reset(request.body.token, request.body.password);
      request.log.info({ userId: user.id }, 'password reset through an e-mailed link');
      await openSession(request, reply, sessions, user.id);
      return { user: toPublicUser(user) };
    },
  );

  app.post(
    '/password/change',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password (the current one checked when there is one); every other session ended',
        body: changePasswordRequestSchema,
        response: {
          200: authUserResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          429: apiErrorSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { user, token } = await signedInSession(request, reply, sessions);
      const updated = await changePassword({
        db,
        accounts,
        user,
        sessionToken: token,
        input: request.body,
        ip: request.ip,
      }).catch((error) => withRetryAfter(reply, error));
      request.log.info({ userId: user.id }, 'password changed');
      return { user: toPublicUser(updated) };
    },
  );

  app.post(
    '/email/change',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mail a link to a new address; the account moves to it when the link is followed',
        body: changeEmailRequestSchema,
        response: {
          202: mailQueuedResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { user } = await signedInSession(request, reply, sessions);
      await requestEmailChange({ db, accounts, user, input: request.body, link: linkRequest(request) }).catch((error) =>
        withRetryAfter(reply, error),
      );
      mail?.kick();
      return queued(reply, sentTo(request.body.newEmail));
    },
  );

  app.post(
    '/logout-everywhere',
    {
      schema: {
        tags: ['auth'],
        summary: 'End every session of the account (and its reset and e-mail-change links); clear the cookie',
        response: { 204: noContent, 401: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user } = await signedInSession(request, reply, sessions);
      // Links asked for from a session that should not exist must end with it.
      await revokeLinks(db, user.id, ACCESS_PURPOSES);
      await sessions.deleteAllOf(user.id);
      request.log.info({ userId: user.id }, 'logged out everywhere');
      clearSessionCookie(reply);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/account/delete',
    {
      schema: {
        tags: ['auth'],
        summary: 'Delete the account and its sessions; its orders and registrations stay, unlinked',
        body: deleteAccountRequestSchema,
        response: { 204: noContent, 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user } = await signedInSession(request, reply, sessions);
      await deleteAccount({
        db,
        accounts,
        user,
        input: request.body,
        ip: request.ip,
        beforeDelete: beforeAccountDeleted,
      }).catch((error) => withRetryAfter(reply, error));
      mail?.kick();
      request.log.info({ userId: user.id }, 'account deleted');
      clearSessionCookie(reply);
      return reply.code(204).send(null);
    },
  );
};
