/**
 * Certificates of the recitation (packages/shared/src/certificates.ts): staff mark who completed it
 * (one by one or from a CSV) and send the certificates; the family downloads them from their page.
 *   GET    /api/staff/sessions/:id/completions                    certifyRecitation (a volunteer: own center)
 *   PUT    /api/staff/sessions/:id/completions/:registrantId      certifyRecitation, audited
 *   DELETE /api/staff/sessions/:id/completions/:registrantId      certifyRecitation, audited
 *   POST   /api/staff/sessions/:id/completions/import             certifyRecitation, text/csv, audited
 *   POST   /api/staff/sessions/:id/certificates/send              certifyRecitation, audited
 *   GET    /api/public/registrations/yours/certificates                   the family's link (x-family-token)
 *   GET    /api/public/registrations/yours/certificates/:registrantId.pdf the family's link (?token=, a plain download link)
 */
import { apiErrorSchema } from '@store/shared/api-error';
import {
  certificateSendResultSchema,
  completionImportErrorsSchema,
  completionImportResultSchema,
  completionRowSchema,
  familyCertificatesSchema,
  MAX_COMPLETION_CSV_BYTES,
  markCompletionRequestSchema,
  sessionCompletionsSchema,
} from '@store/shared/certificates';
import { FAMILY_TOKEN_HEADER } from '@store/shared/family-registration';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#src/db/client';
import { AppError } from '#src/errors/app-error';
import { sendPdf } from '#src/lib/send-pdf';
import type { MailNotifier } from '#src/modules/mail/worker';
import { readFamilyToken } from '#src/modules/registration-manage/read-family-token';
import type { EventLinkKey } from '#src/modules/registrations/event-link';
import { localeOfRegistrant } from '#src/modules/registrations/registration-repo';
import { auditActor } from '#src/modules/staff/audit';
import { type StaffGuard, staffOf } from '#src/modules/staff/require-staff';
import { sessionInScope } from '#src/modules/tickets/session-in-scope';
import type { SiteSource } from '#src/site/site-source';
import { markedRegistrant } from './certificate-document';
import { renderCertificatePdf } from './certificate-pdf';
import { familyCertificates } from './family-certificates';
import { importCompletions } from './import-completions';
import { markCompletion, unmarkCompletion } from './mark-completion';
import { sendCertificates } from './send-certificates';
import { certifyingScopeOf } from './session-access';
import { completionRow, sessionRegistrants } from './session-completions';

export type CertificateRoutesOptions = {
  db: Database;
  guard: StaffGuard;
  siteSource: SiteSource;
  linkKey: EventLinkKey;
  mail?: MailNotifier | undefined;
  /** site.json certificate.signatureImage's bytes, or null. */
  signature: Uint8Array | null;
};

const sessionParams = z.object({
  id: z.coerce.number('id must be a session number').int().positive().max(2_147_483_647),
});
const registrantParams = sessionParams.extend({
  registrantId: z.uuid('registrantId must be a registrant id (a UUID)'),
});
const staffAnswers = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};
const notMarked = () =>
  new AppError(
    'not_found',
    'There is no certificate for this person: they are not marked as having completed the recitation.',
  );

export const certificateRoutes: FastifyPluginAsyncZod<CertificateRoutesOptions> = async (app, options) => {
  const { db, guard, siteSource, linkKey, mail, signature } = options;

  // The completions upload: the CSV as it is, no larger than the contract's limit.
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'string', bodyLimit: MAX_COMPLETION_CSV_BYTES },
    (_request, body, done) => done(null, body),
  );

  /** The session, once the member may work on it (a volunteer: their own center's). */
  const session = async (request: FastifyRequest, sessionId: number) =>
    sessionInScope(db, {
      sessionId,
      centerScope: certifyingScopeOf(staffOf(request)),
      site: (await siteSource.current()).site,
    });

  app.get(
    '/api/staff/sessions/:id/completions',
    {
      schema: {
        tags: ['staff'],
        summary: "A session's registrants: checked in or not, completed how, certificate sent when",
        params: sessionParams,
        response: { 200: sessionCompletionsSchema, ...staffAnswers },
      },
      preHandler: guard('certifyRecitation'),
    },
    async (request, reply) => {
      const { id } = await session(request, request.params.id);
      reply.header('cache-control', 'no-store');
      return { sessionId: id, rows: (await sessionRegistrants(db, id)).map(completionRow) };
    },
  );

  app.put(
    '/api/staff/sessions/:id/completions/:registrantId',
    {
      schema: {
        tags: ['staff'],
        summary: 'Mark a registrant as having completed the recitation, and how (audited)',
        params: registrantParams,
        body: markCompletionRequestSchema,
        response: { 200: completionRowSchema, ...staffAnswers, 409: apiErrorSchema.describe('certificate_sent') },
      },
      preHandler: guard('certifyRecitation'),
    },
    async (request) => {
      const { id } = await session(request, request.params.id);
      const row = await markCompletion(db, {
        sessionId: id,
        registrantId: request.params.registrantId,
        how: request.body.how,
        actor: auditActor(request),
      });
      return completionRow(row);
    },
  );

  app.delete(
    '/api/staff/sessions/:id/completions/:registrantId',
    {
      schema: {
        tags: ['staff'],
        summary: "Remove a registrant's mark, until their certificate is sent (audited)",
        params: registrantParams,
        response: { 204: z.null(), ...staffAnswers, 409: apiErrorSchema.describe('certificate_sent') },
      },
      preHandler: guard('certifyRecitation'),
    },
    async (request, reply) => {
      const { id } = await session(request, request.params.id);
      await unmarkCompletion(db, {
        sessionId: id,
        registrantId: request.params.registrantId,
        actor: auditActor(request),
      });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/staff/sessions/:id/completions/import',
    {
      schema: {
        tags: ['staff'],
        summary: 'Mark from a CSV (columns Ticket and Completed): all lines or none (audited)',
        params: sessionParams,
        body: z.string('the body must be a CSV file (text/csv)').max(MAX_COMPLETION_CSV_BYTES),
        response: {
          200: completionImportResultSchema,
          ...staffAnswers,
          400: z.union([completionImportErrorsSchema, apiErrorSchema]),
          413: apiErrorSchema,
          415: apiErrorSchema,
        },
      },
      // Before the body is checked: a JSON or form body is the wrong kind of file (415), not a bad CSV.
      preValidation: async (request) => {
        if (!/^text\/csv\b/i.test(request.headers['content-type'] ?? ''))
          throw new AppError('unsupported_media_type', 'Send the file as text/csv.', {
            fields: { 'content-type': 'must be text/csv' },
          });
      },
      preHandler: guard('certifyRecitation'),
    },
    async (request, reply) => {
      const { id } = await session(request, request.params.id);
      const outcome = await importCompletions(db, { sessionId: id, csv: request.body, actor: auditActor(request) });
      if (outcome.ok) return outcome.result;
      const count = outcome.lines.length;
      return reply.code(400).send({
        error: 'invalid_csv' as const,
        message: `Nothing was marked: ${count === 1 ? 'one line needs' : `${count} lines need`} correcting.`,
        lines: outcome.lines,
      });
    },
  );

  app.post(
    '/api/staff/sessions/:id/certificates/send',
    {
      schema: {
        tags: ['staff'],
        summary: 'E-mail each marked registrant their certificate, once however often it is pressed (audited)',
        params: sessionParams,
        response: { 200: certificateSendResultSchema, ...staffAnswers },
      },
      preHandler: guard('certifyRecitation'),
    },
    async (request) => {
      const { id } = await session(request, request.params.id);
      const result = await sendCertificates(db, { sessionId: id, actor: auditActor(request) });
      // The transaction has committed the messages: the worker may send them now.
      if (result.queued > 0) mail?.kick();
      return result;
    },
  );

  app.get(
    '/api/public/registrations/yours/certificates',
    {
      schema: {
        tags: ['registrations'],
        summary: "Who of the family has a certificate to download, through the family's signed link",
        headers: z.looseObject({
          [FAMILY_TOKEN_HEADER]: z.string('the link from your e-mail is needed').min(1).max(200),
        }),
        response: { 200: familyCertificatesSchema, 400: apiErrorSchema, 410: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const token = request.headers[FAMILY_TOKEN_HEADER];
      const registrationId = readFamilyToken(linkKey, typeof token === 'string' ? token : '');
      reply.header('cache-control', 'no-store');
      return familyCertificates(db, registrationId);
    },
  );

  app.get(
    '/api/public/registrations/yours/certificates/:registrantId.pdf',
    {
      schema: {
        tags: ['registrations'],
        summary: "A registrant's certificate as a PDF, through the family's signed link; 404 until marked",
        params: z.object({ registrantId: z.uuid('registrantId must be a registrant id (a UUID)') }),
        querystring: z.object({
          token: z.string('token is required: the link from your e-mail').min(1, 'token is required').max(200),
        }),
        response: {
          200: z.string().describe('application/pdf'),
          400: apiErrorSchema,
          404: apiErrorSchema,
          410: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const registrationId = readFamilyToken(linkKey, request.query.token);
      // In the family's language, as the certificate they were e-mailed.
      const { registrantId } = request.params;
      const locale = await localeOfRegistrant(db, registrantId);
      const marked = await markedRegistrant(db, registrantId, (await siteSource.current()).site, { locale });
      // Another family's registrant answers as one not marked: a link opens its own family only.
      if (!marked || marked.registrationId !== registrationId) throw notMarked();
      return sendPdf(reply, await renderCertificatePdf(marked.document, signature), marked.fileName);
    },
  );
};
