/**
 * The guard in front of every back-office route (issue 21):
 *
 *   const guard = createStaffGuard({ db, allowedOrigins });          // once, in the plugin
 *   app.post('/api/staff/orders/:id/refunds', { preHandler: guard('moveMoney'), schema }, async (request) => {
 *     const staff = staffOf(request);     // { id, username, role, centerId }
 *   });
 *
 * It refuses, in order: a state-changing request from another origin (403, CSRF), no live session
 * (401), a session whose sign-in is unfinished (401 with the stage, so the page can ask for the code
 * or the enrolment), a role without the permission (403, nothing changed: the guard runs before
 * the handler). `guard()` with no permission lets any fully signed-in member through.
 */
import { STAFF_PERMISSIONS, type StaffPermission, type StaffRole, staffCan, staffMessages } from '@store/shared/staff';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Database } from '#src/db/client';
import { AppError } from '#src/errors/app-error';
import { CROSS_ORIGIN_MESSAGE, isSafeMethod, isTrustedOrigin } from '#src/modules/auth/origin-check';
import { staffTokenOf } from './staff-cookie';
import { type FoundStaffSession, readStaffSession } from './staff-sessions';

export type StaffIdentity = { id: string; username: string; role: StaffRole; centerId: number | null };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the staff guard on the routes it protects. */
    staff?: StaffIdentity;
    /** The session the guard read (its stage may be unfinished on enrolment routes). */
    staffSession?: FoundStaffSession;
  }
}

export function staffOf(request: FastifyRequest): StaffIdentity {
  if (!request.staff) throw new Error(`${request.routeOptions.url ?? request.url} has no staff guard`);
  return request.staff;
}

export type StaffGuardOptions = { db: Database; allowedOrigins: readonly string[] };

export type StaffGuard = (
  permission?: StaffPermission,
  options?: {
    /** Also let a session through whose sign-in stopped at these stages (the enrolment routes). */
    stages?: readonly ('totp' | 'enrol')[];
  },
) => preHandlerAsyncHookHandler;

export function refuseCrossOrigin(request: FastifyRequest, allowedOrigins: readonly string[]): void {
  if (isSafeMethod(request.method) || isTrustedOrigin(request, allowedOrigins)) return;
  throw new AppError('forbidden', CROSS_ORIGIN_MESSAGE);
}

export function createStaffGuard({ db, allowedOrigins }: StaffGuardOptions): StaffGuard {
  return (permission, options = {}) =>
    async (request, reply) => {
      refuseCrossOrigin(request, allowedOrigins);
      reply.header('cache-control', 'no-store');
      const token = staffTokenOf(request);
      const session = token ? await readStaffSession(db, token) : undefined;
      if (!session) throw new AppError('unauthorized', staffMessages.signedOut);
      if (session.stage !== 'full' && !options.stages?.includes(session.stage)) {
        throw new AppError(
          'unauthorized',
          session.stage === 'enrol' ? staffMessages.enrolFirst : staffMessages.signedOut,
          {
            fields: { stage: session.stage },
          },
        );
      }
      const { staff } = session;
      if (permission && !staffCan(staff.role, permission)) {
        request.log.warn({ staffId: staff.id, role: staff.role, permission }, 'staff action refused by role');
        throw new AppError('forbidden', staffMessages.forbidden);
      }
      request.staffSession = session;
      request.staff = { id: staff.id, username: staff.username, role: staff.role, centerId: staff.centerId };
    };
}

/** The center a member's reads are limited to: a volunteer's own, else none (all centers). */
export function centerScopeOf(staff: StaffIdentity): number | undefined {
  return (STAFF_PERMISSIONS.readAllOrders as readonly StaffRole[]).includes(staff.role)
    ? undefined
    : (staff.centerId ?? -1);
}
