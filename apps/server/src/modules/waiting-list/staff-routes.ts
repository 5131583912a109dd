/**
 * A session's waiting list in the back office (packages/shared/src/waiting-list.ts):
 *   GET  /api/staff/sessions/:id/waiting-list                         readEvent (a volunteer: own center)
 *   POST /api/staff/sessions/:id/waiting-list/:registrationId/move-up manageEvent, audited
 *   POST /api/staff/sessions/:id/waiting-list/:registrationId/offer   manageEvent, audited
 * Each change answers the line as it now stands.
 */
import { apiErrorSchema } from '@store/shared/api-error';
import { STAFF_PERMISSIONS, type StaffRole, staffCan } from '@store/shared/staff';
import {
  type WaitingList,
  waitingFamilyParamsSchema,
  waitingListParamsSchema,
  waitingListSchema,
} from '@store/shared/waiting-list';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '#src/db/client';
import { AppError } from '#src/errors/app-error';
import { placesLeftOf } from '#src/modules/event-sessions/places';
import { type EventSession, eventSessions } from '#src/modules/event-sessions/tables';
import type { MailNotifier } from '#src/modules/mail/worker';
import { auditActor } from '#src/modules/staff/audit';
import { type StaffGuard, type StaffIdentity, staffOf } from '#src/modules/staff/require-staff';
import { moveUp, offerByHand } from './line-changes';
import { waitingFamilies } from './staff-waiting-list';

export type WaitlistStaffRoutesOptions = {
  db: Database;
  guard: StaffGuard;
  offerHoldHours: number;
  centerName: (centerId: number) => Promise<string | undefined>;
  mail?: MailNotifier | undefined;
};

const noSession = () => new AppError('not_found', 'No such session.', { fields: { id: 'is not a session' } });

/** Owners and editors see every center's sessions; any other role (a volunteer) only its own center's. */
function seesAllCenters(staff: StaffIdentity): boolean {
  return (STAFF_PERMISSIONS.manageEvent as readonly StaffRole[]).includes(staff.role);
}

export const waitlistStaffRoutes: FastifyPluginAsyncZod<WaitlistStaffRoutesOptions> = async (app, options) => {
  const { db, guard, offerHoldHours, centerName, mail } = options;

  const mayAct = (request: FastifyRequest) => async (session: EventSession) => {
    const staff = staffOf(request);
    if (seesAllCenters(staff) || staff.centerId === session.centerId) return;
    const name = (await centerName(session.centerId)) ?? `center ${session.centerId}`;
    throw new AppError('other_center', `This session belongs to another center (${name}).`);
  };

  const answer = async (request: FastifyRequest, sessionId: number): Promise<WaitingList> => {
    const [session] = await db.select().from(eventSessions).where(eq(eventSessions.id, sessionId));
    if (!session) throw noSession();
    await mayAct(request)(session);
    return {
      sessionId: session.id,
      timeZone: session.timeZone,
      placesLeft: placesLeftOf(session).placesLeft,
      canManage: staffCan(staffOf(request).role, 'manageEvent'),
      families: await waitingFamilies(db, session.id),
    };
  };

  const responses = {
    200: waitingListSchema,
    400: apiErrorSchema,
    401: apiErrorSchema,
    403: apiErrorSchema,
    404: apiErrorSchema,
  };

  app.get(
    '/api/staff/sessions/:id/waiting-list',
    {
      schema: {
        tags: ['staff'],
        summary: "A session's waiting list, first in line first; a volunteer reads their own center's only",
        params: waitingListParamsSchema,
        response: responses,
      },
      preHandler: guard('readEvent'),
    },
    async (request) => answer(request, request.params.id),
  );

  app.post(
    '/api/staff/sessions/:id/waiting-list/:registrationId/move-up',
    {
      schema: {
        tags: ['staff'],
        summary: 'Move a family up one place in the line (audited)',
        params: waitingFamilyParamsSchema,
        response: { ...responses, 409: apiErrorSchema.describe('already first in line') },
      },
      preHandler: guard('manageEvent'),
    },
    async (request) => {
      const { id, registrationId } = request.params;
      await moveUp({ db, sessionId: id, registrationId, actor: auditActor(request), mayAct: mayAct(request) });
      return answer(request, id);
    },
  );

  app.post(
    '/api/staff/sessions/:id/waiting-list/:registrationId/offer',
    {
      schema: {
        tags: ['staff'],
        summary: 'Offer a family its places now, if they are free (audited); the offer e-mail goes out',
        params: waitingFamilyParamsSchema,
        response: { ...responses, 409: apiErrorSchema.describe('not_enough_places, or an offer is already open') },
      },
      preHandler: guard('manageEvent'),
    },
    async (request) => {
      const { id, registrationId } = request.params;
      await offerByHand({
        db,
        sessionId: id,
        registrationId,
        actor: auditActor(request),
        mayAct: mayAct(request),
        offerHoldHours,
      });
      mail?.kick();
      return answer(request, id);
    },
  );
};
