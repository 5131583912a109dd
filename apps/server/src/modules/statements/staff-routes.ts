/**
 * The treasurer's year-end statements in the back office (packages/shared/src/year-end-statements.ts):
 *   POST /api/staff/statements                           preview (dryRun) or send a year's statements
 *   GET  /api/staff/statements/:year/sample.pdf?email=   one donor's statement as it would be sent
 * The same run as `npm run statements` (send-statements.ts): each donor's statement for a year is
 * queued once, however often it runs. Audited when it sends. Sending while the year is still open at
 * the foundation is refused (409) unless confirmed: the donors' later gifts would be on no statement.
 */
import { apiErrorSchema } from '@store/shared/api-error';
import type { Site } from '@store/shared/site';
import {
  isYearOpen,
  openYearConsequence,
  statementRunRequestSchema,
  statementRunSchema,
} from '@store/shared/year-end-statements';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#src/db/client';
import { AppError } from '#src/errors/app-error';
import { sendPdf } from '#src/lib/send-pdf';
import type { MailNotifier } from '#src/modules/mail/worker';
import { auditActor, recordAudit } from '#src/modules/staff/audit';
import type { StaffGuard } from '#src/modules/staff/require-staff';
import { previewStatements } from './preview-statements';
import { sendYearEndStatements } from './send-statements';
import { statementPdf } from './statement-pdf';

export type StaffStatementRoutesOptions = {
  db: Database;
  guard: StaffGuard;
  site: Site;
  mail?: MailNotifier | undefined;
};

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

function yearStillOpen(year: number, timeZone: string): AppError {
  return new AppError('conflict', `Nothing was sent. ${openYearConsequence(year, timeZone)}`, {
    fields: { confirmOpenYear: `must be true to send before ${year} has ended` },
  });
}

export const staffStatementRoutes: FastifyPluginAsyncZod<StaffStatementRoutesOptions> = async (app, options) => {
  const { db, guard, site, mail } = options;
  const { timeZone } = site.foundation;

  app.post(
    '/api/staff/statements',
    {
      schema: {
        tags: ['staff'],
        summary: "Send (or preview) a year's year-end statements",
        body: statementRunRequestSchema,
        response: { 200: statementRunSchema, ...errors, 409: apiErrorSchema },
      },
      preHandler: guard('moveMoney'),
    },
    async (request) => {
      const { year, dryRun, confirmOpenYear } = request.body;
      const yearOpen = isYearOpen(year, timeZone);
      if (!dryRun && yearOpen && confirmOpenYear !== true) throw yearStillOpen(year, timeZone);
      const summary = await sendYearEndStatements({ db, year, timeZone, dryRun });
      const preview = dryRun ? await previewStatements(db, year, timeZone) : null;
      if (!dryRun) {
        await recordAudit(db, {
          actor: auditActor(request),
          action: 'statements.send',
          targetType: 'statements',
          targetId: String(year),
          after: {
            queued: summary.queued,
            alreadyQueued: summary.alreadyQueued,
            donors: summary.donors,
            ...(yearOpen ? { beforeYearEnd: true } : {}),
          },
        });
        if (summary.queued > 0) mail?.kick();
      }
      return {
        ...summary,
        yearOpen,
        timeZone,
        recipients: preview?.recipients ?? [],
        exclusions: preview?.exclusions ?? [],
      };
    },
  );

  app.get(
    '/api/staff/statements/:year/sample.pdf',
    {
      schema: {
        tags: ['staff'],
        summary: "One donor's year-end statement as it would be sent, to check before sending",
        params: z.object({ year: z.coerce.number('year must be a year such as 2026').int().min(2000).max(2100) }),
        querystring: z.object({ email: z.email('email must be the e-mail of a donor in the preview').max(254) }),
        response: { 200: z.string().describe('application/pdf'), ...errors, 404: apiErrorSchema },
      },
      preHandler: guard('moveMoney'),
    },
    async (request, reply) => {
      const { year } = request.params;
      const found = await statementPdf(db, site, { email: request.query.email }, year);
      if (found.giftCount === 0) throw new AppError('not_found', `This donor has no gift on a ${year} statement.`);
      return sendPdf(reply, found.pdf, found.fileName);
    },
  );
};
