/**
 * The treasurer's year-end statements in the back office (packages/shared/src/year-end-statements.ts):
 *   POST /api/staff/statements                                  preview (dryRun) or send a year's statements
 *   GET  /api/staff/statements/:year/sample.pdf?email=&entity=  one donor's statement from one entity as
 *                                                               it would be sent (without entity: the US
 *                                                               foundation's, or the donor's only one)
 * The same run as `npm run statements` (send-statements.ts): each donor's statement from each
 * entity for a year is queued once, however often it runs. Audited when it sends. Sending while the
 * year is still open at the foundation is refused (409) unless confirmed: the donors' later gifts
 * would be on no statement.
 */
import { apiErrorSchema } from '@store/shared/api-error';
import { entitySchema, type Site } from '@store/shared/site';
import {
  isYearOpen,
  openYearConsequence,
  type StatementRecipient,
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
import type { SiteSource } from '#src/site/site-source';
import { type PreviewStatement, previewStatements } from './preview-statements';
import { sendYearEndStatements } from './send-statements';
import { DEFAULT_STATEMENT_ENTITY, statementEntity } from './statement-entities';
import { statementPdf } from './statement-pdf';

export type StaffStatementRoutesOptions = {
  db: Database;
  guard: StaffGuard;
  /** The foundation's zone, and the entities as the owner edits them (each statement's issuer). */
  siteSource: SiteSource;
  timeZone: string;
  mail?: MailNotifier | undefined;
};

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/**
 * A preview's statements as the page lists them: each names its entity once any is not the US
 * foundation's in dollars; a year with only those reads as it always has.
 */
function recipientsOf(site: Site, rows: readonly PreviewStatement[]): StatementRecipient[] {
  const onlyUs = rows.every((r) => r.entityKey === DEFAULT_STATEMENT_ENTITY && r.currency === 'USD');
  return rows.map(({ entityKey, currency, ...row }) =>
    onlyUs ? row : { ...row, from: { key: entityKey, issuer: statementEntity(site, entityKey).issuer.name, currency } },
  );
}

function yearStillOpen(year: number, timeZone: string): AppError {
  return new AppError('conflict', `Nothing was sent. ${openYearConsequence(year, timeZone)}`, {
    fields: { confirmOpenYear: `must be true to send before ${year} has ended` },
  });
}

export const staffStatementRoutes: FastifyPluginAsyncZod<StaffStatementRoutesOptions> = async (app, options) => {
  const { db, guard, siteSource, timeZone, mail } = options;
  const siteNow = async () => (await siteSource.current()).site;

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
        recipients: preview ? recipientsOf(await siteNow(), preview.recipients) : [],
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
        querystring: z.object({
          email: z.email('email must be the e-mail of a donor in the preview').max(254),
          entity: entitySchema.shape.key
            .optional()
            .describe("The legal entity's key ('ca'); unset, the US foundation's statement, or the donor's only one"),
        }),
        response: { 200: z.string().describe('application/pdf'), ...errors, 404: apiErrorSchema },
      },
      preHandler: guard('moveMoney'),
    },
    async (request, reply) => {
      const { year } = request.params;
      const { email, entity } = request.query;
      const found = await statementPdf(db, await siteNow(), { email }, year, { entity });
      if (found.giftCount === 0) {
        throw new AppError(
          'not_found',
          entity
            ? `This donor has no gift on a ${year} statement from "${entity}".`
            : `This donor has no gift on a ${year} statement.`,
        );
      }
      return sendPdf(reply, found.pdf, found.fileName);
    },
  );
};
