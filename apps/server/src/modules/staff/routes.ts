/**
 * Staff sign-in and two-factor enrolment (issue 21; the calls are listed in
 * packages/shared/src/staff.ts). A session moves through its stages on the server only: the
 * password opens it at 'totp', 'enrol' or 'full'; a good code (or a confirmed enrolment) replaces it
 * with a new 'full' session under a NEW token, so a token seen before the second factor is worth
 * nothing after it.
 */
import { apiErrorSchema } from '@store/shared/api-error';
import {
  type StaffStage,
  staffCodeRequestSchema,
  staffLoginRequestSchema,
  staffMessages,
  staffPasswordConfirmSchema,
  staffSessionSchema,
  totpConfirmedSchema,
  totpSetupSchema,
} from '@store/shared/staff';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#src/db/client';
import { AppError } from '#src/errors/app-error';
import { TooManyLoginsError } from '#src/modules/admins/login-limit';
import { auditActor, recordAudit } from './audit';
import { CodeStepLockedError } from './code-step-lock';
import { confirmTotp, disableTotp, startTotpSetup } from './enrolment';
import { refuseCrossOrigin, type StaffGuard } from './require-staff';
import { type CenterName, staffSessionAnswer } from './session-answer';
import { checkStaffCode, checkStaffPassword, createStaffSignIn, stageAfterPassword } from './sign-in';
import { clearStaffCookie, setStaffCookie, staffTokenOf } from './staff-cookie';
import { closeStaffSession, openStaffSession, type StaffRow } from './staff-sessions';
import type { TotpSealKey } from './totp';

export type StaffRoutesOptions = {
  db: Database;
  guard: StaffGuard;
  sealKey: TotpSealKey;
  allowedOrigins: readonly string[];
  centerName: CenterName;
  /** Shown in the authenticator app beside the username: the foundation's name. */
  issuer: string;
};

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};
const noContent = z.null().describe('No content');

export const staffRoutes: FastifyPluginAsyncZod<StaffRoutesOptions> = async (app, options) => {
  const { db, guard, sealKey, allowedOrigins, centerName, issuer } = options;
  const signIn = createStaffSignIn(db, sealKey);

  function withRetryAfter(reply: FastifyReply, error: unknown): never {
    if (error instanceof TooManyLoginsError || error instanceof CodeStepLockedError)
      reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  }

  /** Replaces the request's session (if any) by a new one at this stage, and sets its cookie. */
  async function newSession(request: FastifyRequest, reply: FastifyReply, staff: StaffRow, stage: StaffStage) {
    const old = staffTokenOf(request);
    if (old) await closeStaffSession(db, old);
    const { token, expiresAt } = await openStaffSession(db, { adminId: staff.id, stage, clientIp: request.ip });
    setStaffCookie(reply, token, expiresAt);
    reply.header('cache-control', 'no-store');
    return staffSessionAnswer(staff, stage, centerName);
  }

  async function signedIn(request: FastifyRequest, staff: StaffRow) {
    await recordAudit(db, {
      actor: { id: staff.id, name: staff.username, clientIp: request.ip },
      action: 'staff.sign-in',
      targetType: 'staff',
      targetId: staff.id,
    });
  }

  app.post(
    '/api/staff/login',
    {
      schema: {
        tags: ['staff'],
        summary: 'Staff sign-in, step 1: the password',
        body: staffLoginRequestSchema,
        response: { 200: staffSessionSchema, ...errors },
      },
      // A forged login would sign the member's browser into someone else's session.
      onRequest: async (request) => refuseCrossOrigin(request, allowedOrigins),
    },
    async (request, reply) => {
      const staff = await checkStaffPassword(signIn, { ...request.body, ip: request.ip }).catch((error: unknown) =>
        withRetryAfter(reply, error),
      );
      const stage = stageAfterPassword(staff);
      if (stage === 'full') await signedIn(request, staff);
      return newSession(request, reply, staff, stage);
    },
  );

  app.post(
    '/api/staff/login/code',
    {
      schema: {
        tags: ['staff'],
        summary: 'Staff sign-in, step 2: a code from the authenticator app, or a recovery code',
        body: staffCodeRequestSchema,
        response: { 200: staffSessionSchema, ...errors },
      },
      preHandler: guard(undefined, { stages: ['totp'] }),
    },
    async (request, reply) => {
      const session = request.staffSession;
      if (session?.stage !== 'totp') throw new AppError('conflict', 'You are already signed in.');
      await checkStaffCode(signIn, session.staff, request.body.code, request.ip).catch((error: unknown) =>
        withRetryAfter(reply, error),
      );
      await signedIn(request, session.staff);
      return newSession(request, reply, session.staff, 'full');
    },
  );

  app.get(
    '/api/staff/me',
    {
      schema: {
        tags: ['staff'],
        summary: 'Who is signed in, and how far',
        response: { 200: staffSessionSchema, 401: apiErrorSchema },
      },
      preHandler: guard(undefined, { stages: ['totp', 'enrol'] }),
    },
    async (request) => {
      const session = request.staffSession;
      if (!session) throw new AppError('unauthorized', staffMessages.signedOut);
      return staffSessionAnswer(session.staff, session.stage, centerName);
    },
  );

  app.post(
    '/api/staff/logout',
    {
      schema: {
        tags: ['staff'],
        summary: 'Sign out of the back office',
        response: { 204: noContent, 403: apiErrorSchema },
      },
      onRequest: async (request) => refuseCrossOrigin(request, allowedOrigins),
    },
    async (request, reply) => {
      const token = staffTokenOf(request);
      if (token) await closeStaffSession(db, token);
      clearStaffCookie(reply);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/staff/totp/setup',
    {
      schema: {
        tags: ['staff'],
        summary: 'A new two-factor secret and its QR code (active once confirmed)',
        response: { 200: totpSetupSchema, ...errors },
      },
      preHandler: guard(undefined, { stages: ['enrol'] }),
    },
    async (request) => {
      const session = request.staffSession;
      if (!session) throw new AppError('unauthorized', staffMessages.signedOut);
      return startTotpSetup(db, sealKey, { staff: session.staff, issuer });
    },
  );

  app.post(
    '/api/staff/totp/confirm',
    {
      schema: {
        tags: ['staff'],
        summary: 'Turn two-factor on with a first code; answers ten recovery codes, once',
        body: staffCodeRequestSchema,
        response: { 200: totpConfirmedSchema, ...errors },
      },
      preHandler: guard(undefined, { stages: ['enrol'] }),
    },
    async (request, reply) => {
      const session = request.staffSession;
      if (!session) throw new AppError('unauthorized', staffMessages.signedOut);
      const actor = { id: session.staff.id, name: session.staff.username, clientIp: request.ip };
      const recoveryCodes = await confirmTotp(db, sealKey, { staff: session.staff, code: request.body.code, actor });
      const staff = { ...session.staff, totpEnabledAt: new Date() };
      if (session.stage !== 'full') await signedIn(request, staff);
      return { recoveryCodes, session: await newSession(request, reply, staff, 'full') };
    },
  );

  app.post(
    '/api/staff/totp/disable',
    {
      schema: {
        tags: ['staff'],
        summary: 'Turn two-factor off (not for owners and treasurers)',
        body: staffPasswordConfirmSchema,
        response: { 200: staffSessionSchema, ...errors },
      },
      preHandler: guard(),
    },
    async (request) => {
      const session = request.staffSession;
      if (!session) throw new AppError('unauthorized', staffMessages.signedOut);
      await disableTotp(db, { staff: session.staff, password: request.body.password, actor: auditActor(request) });
      return staffSessionAnswer({ ...session.staff, totpEnabledAt: null, totpSecret: null }, 'full', centerName);
    },
  );
};
