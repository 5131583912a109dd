/**
 * The owner's pages (issue 21): the staff list and its changes, and the audit log. Every route is
 * guarded by role on the server ('manageStaff', 'readAudit'); a refused call changes nothing.
 */
import {
  auditPageSchema,
  createStaffRequestSchema,
  staffMemberSchema,
  updateStaffRequestSchema,
} from '@store/shared/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#src/db/client';
import { auditActor } from './audit';
import { listAudit } from './audit-list';
import { addStaffMember, type CenterCheck, changeStaffMember, listStaff, unlockStaffCodeStep } from './members';
import type { StaffGuard } from './require-staff';
import { staffErrorResponses as errors } from './staff-error-responses';

export type MemberRoutesOptions = { db: Database; guard: StaffGuard; isCenter: CenterCheck };

export const memberRoutes: FastifyPluginAsyncZod<MemberRoutesOptions> = async (app, { db, guard, isCenter }) => {
  app.get(
    '/api/staff/members',
    {
      schema: {
        tags: ['staff'],
        summary: 'The staff',
        response: { 200: z.object({ members: z.array(staffMemberSchema) }), ...errors },
      },
      preHandler: guard('manageStaff'),
    },
    async () => ({ members: await listStaff(db) }),
  );

  app.post(
    '/api/staff/members',
    {
      schema: {
        tags: ['staff'],
        summary: 'Add a staff member',
        body: createStaffRequestSchema,
        response: { 201: staffMemberSchema, ...errors },
      },
      preHandler: guard('manageStaff'),
    },
    async (request, reply) => {
      const member = await addStaffMember(db, request.body, { actor: auditActor(request), isCenter });
      return reply.code(201).send(member);
    },
  );

  app.patch(
    '/api/staff/members/:id',
    {
      schema: {
        tags: ['staff'],
        summary: 'Change a member: role, center, disabled, password, two-factor reset',
        params: z.object({ id: z.uuid('must be a staff member id') }),
        body: updateStaffRequestSchema,
        response: { 200: staffMemberSchema, ...errors },
      },
      preHandler: guard('manageStaff'),
    },
    async (request) => changeStaffMember(db, request.params.id, request.body, { actor: auditActor(request), isCenter }),
  );

  app.post(
    '/api/staff/members/:id/code-step/unlock',
    {
      schema: {
        tags: ['staff'],
        summary: "Unlock a member's two-factor code step, locked after ten wrong codes",
        params: z.object({ id: z.uuid('must be a staff member id') }),
        response: { 200: staffMemberSchema, ...errors },
      },
      preHandler: guard('manageStaff'),
    },
    async (request) => unlockStaffCodeStep(db, request.params.id, auditActor(request)),
  );

  app.get(
    '/api/staff/audit',
    {
      schema: {
        tags: ['staff'],
        summary: 'The audit log, newest first',
        querystring: z.object({
          cursor: z.coerce
            .number()
            .int('must be a cursor')
            .positive('must be a cursor')
            .max(Number.MAX_SAFE_INTEGER)
            .optional(),
        }),
        response: { 200: auditPageSchema, ...errors },
      },
      preHandler: guard('readAudit'),
    },
    async (request) => listAudit(db, request.query.cursor),
  );
};
