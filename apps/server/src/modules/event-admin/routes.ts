/**
 * The back office's sessions (packages/shared/src/staff-event-sessions.ts): owners and editors
 * create, edit and archive them; treasurers and editors read every center's; a volunteer reads their
 * own center's only (another center's session: 403 other_center, naming it). Every answer carries the
 * session's figures from one aggregate query (session-rows.ts).
 */
import type { Center } from '@store/shared/site';
import { staffCan } from '@store/shared/staff';
import {
  createEventSessionRequestSchema,
  type StaffEventSessionDetail,
  staffEventSessionDetailSchema,
  staffEventSessionListSchema,
  staffEventSessionTexts as texts,
  updateEventSessionRequestSchema,
} from '@store/shared/staff-event-sessions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#src/db/client';
import { AppError } from '#src/errors/app-error';
import { auditActor } from '#src/modules/staff/audit';
import { type StaffGuard, type StaffIdentity, staffOf } from '#src/modules/staff/require-staff';
import { staffErrorResponses as errors } from '#src/modules/staff/staff-error-responses';
import { createSession, updateSession } from './manage-session';
import { readSessionRegistrants } from './session-registrants';
import { readSessionsWithFigures } from './session-rows';
import { toStaffEventSession } from './session-view';

export type EventAdminRoutesOptions = {
  db: Database;
  guard: StaffGuard;
  /** Centers as staff edit them now. */
  centers: () => Promise<readonly Center[]>;
  /** site.json eventSettings.offerHoldHours: how long an offer made by a capacity raise holds. */
  offerHoldHours: number;
};

/** A volunteer's center; undefined for the roles that read every center. */
function centerScope(staff: StaffIdentity): number | undefined {
  return staffCan(staff.role, 'readAllEvent') ? undefined : (staff.centerId ?? -1);
}

const sessionParams = z.object({
  id: z.coerce
    .number('must be a session id')
    .int('must be a session id')
    .positive('must be a session id')
    .max(2_147_483_647, 'must be a session id'),
});

export const eventAdminRoutes: FastifyPluginAsyncZod<EventAdminRoutesOptions> = async (
  app,
  { db, guard, centers, offerHoldHours },
) => {
  const nameOf = async () => {
    const list = await centers();
    return (id: number) => list.find((center) => center.id === id)?.name;
  };

  async function detail(id: number, scope: number | undefined): Promise<StaffEventSessionDetail> {
    const [row] = await readSessionsWithFigures(db, { sessionId: id });
    if (!row) throw new AppError('not_found', texts.notFound);
    const name = await nameOf();
    if (scope !== undefined && row.centerId !== scope) {
      throw new AppError('other_center', texts.otherCenter(name(row.centerId) ?? `center ${row.centerId}`));
    }
    return { session: toStaffEventSession(row, name(row.centerId)), ...(await readSessionRegistrants(db, id)) };
  }

  app.get(
    '/api/staff/sessions',
    {
      schema: {
        tags: ['staff'],
        summary: 'The event’s sessions with their figures (a volunteer: their center’s)',
        response: { 200: staffEventSessionListSchema, ...errors },
      },
      preHandler: guard('readEvent'),
    },
    async (request) => {
      const rows = await readSessionsWithFigures(db, { centerId: centerScope(staffOf(request)) });
      const name = await nameOf();
      return { sessions: rows.map((row) => toStaffEventSession(row, name(row.centerId))) };
    },
  );

  app.post(
    '/api/staff/sessions',
    {
      schema: {
        tags: ['staff'],
        summary: 'Add a session',
        body: createEventSessionRequestSchema,
        response: { 201: staffEventSessionDetailSchema, ...errors },
      },
      preHandler: guard('manageEvent'),
    },
    async (request, reply) => {
      if ((await nameOf())(request.body.centerId) === undefined) {
        throw new AppError('validation_error', `centerId ${texts.unknownCenter}`, {
          fields: { centerId: texts.unknownCenter },
        });
      }
      const id = await createSession(db, request.body, { actor: auditActor(request) });
      return reply.code(201).send(await detail(id, undefined));
    },
  );

  app.get(
    '/api/staff/sessions/:id',
    {
      schema: {
        tags: ['staff'],
        summary: 'A session: its figures and its registrants with their tickets',
        params: sessionParams,
        response: { 200: staffEventSessionDetailSchema, ...errors },
      },
      preHandler: guard('readEvent'),
    },
    async (request) => detail(request.params.id, centerScope(staffOf(request))),
  );

  app.patch(
    '/api/staff/sessions/:id',
    {
      schema: {
        tags: ['staff'],
        summary: 'Change a session: hall, address, start, zone, capacity, category caps, archived',
        params: sessionParams,
        body: updateEventSessionRequestSchema,
        response: { 200: staffEventSessionDetailSchema, ...errors },
      },
      preHandler: guard('manageEvent'),
    },
    async (request) => {
      const found = await updateSession(db, request.params.id, request.body, {
        actor: auditActor(request),
        offerHoldHours,
      });
      if (!found) throw new AppError('not_found', texts.notFound);
      return detail(request.params.id, undefined);
    },
  );
};
