/**
 * POST /api/staff/statements (issue 21): a treasurer sends the year-end statements from the back
 * office, or previews how many would go. The same run as `npm run statements` (send-statements.ts):
 * each donor's statement for a year is queued once, however often it runs. Audited when it sends.
 */
import { apiErrorSchema } from '@store/shared/api-error';
import { statementRunRequestSchema, statementRunSchema } from '@store/shared/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '#src/db/client';
import type { MailNotifier } from '#src/modules/mail/worker';
import { auditActor, recordAudit } from '#src/modules/staff/audit';
import type { StaffGuard } from '#src/modules/staff/require-staff';
import { sendYearEndStatements } from './send-statements';

export type StaffStatementRoutesOptions = {
  db: Database;
  guard: StaffGuard;
  timeZone: string;
  mail?: MailNotifier | undefined;
};

export const staffStatementRoutes: FastifyPluginAsyncZod<StaffStatementRoutesOptions> = async (app, options) => {
  const { db, guard, timeZone, mail } = options;
  app.post(
    '/api/staff/statements',
    {
      schema: {
        tags: ['staff'],
        summary: "Send (or preview) a year's year-end statements",
        body: statementRunRequestSchema,
        response: { 200: statementRunSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
      preHandler: guard('moveMoney'),
    },
    async (request) => {
      const { year, dryRun } = request.body;
      const summary = await sendYearEndStatements({ db, year, timeZone, dryRun });
      if (!dryRun) {
        await recordAudit(db, {
          actor: auditActor(request),
          action: 'statements.send',
          targetType: 'statements',
          targetId: String(year),
          after: { queued: summary.queued, alreadyQueued: summary.alreadyQueued, donors: summary.donors },
        });
        if (summary.queued > 0) mail?.kick();
      }
      return summary;
    },
  );
};
