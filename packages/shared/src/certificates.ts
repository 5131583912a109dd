/**
 * Certificates of the recitation. After a session, staff mark who completed it and how; a marked
 * registrant's certificate (a PDF) is e-mailed once, however often "send" is pressed, and the family
 * can download it from their page.
 *
 *   GET    /api/staff/sessions/:id/completions                    (certifyRecitation) -> 200 sessionCompletionsSchema
 *   PUT    /api/staff/sessions/:id/completions/:registrantId      (certifyRecitation) markCompletionRequestSchema
 *          -> 200 completionRowSchema | 400 | 404 | 409 certificate_sent (what was sent stays)
 *   DELETE /api/staff/sessions/:id/completions/:registrantId      (certifyRecitation) -> 204 | 404 | 409 certificate_sent
 *   POST   /api/staff/sessions/:id/completions/import             (certifyRecitation) text/csv body
 *          -> 200 completionImportResultSchema | 400 completionImportErrorsSchema (nothing stored)
 *   POST   /api/staff/sessions/:id/certificates/send              (certifyRecitation) -> 200 certificateSendResultSchema
 *   GET    /api/public/registrations/yours/certificates                   (x-family-token header) -> 200 familyCertificatesSchema
 *   GET    /api/public/registrations/yours/certificates/:registrantId.pdf?token= (the family's signed link) -> 200 application/pdf | 404
 *
 * A volunteer is limited to their own center's sessions (403 other_center), as everywhere in the event.
 */
import { z } from 'zod';

export const COMPLETION_KINDS = ['memory', 'fluent_reading'] as const;
export type CompletionKind = (typeof COMPLETION_KINDS)[number];

/** How a completion is named on screen, in the CSV and on the certificate. */
export const COMPLETION_LABELS: Record<CompletionKind, string> = {
  memory: 'By memory',
  fluent_reading: 'Fluent reading',
};

export const markCompletionRequestSchema = z.strictObject({
  how: z.enum(COMPLETION_KINDS, { message: "must be 'memory' or 'fluent_reading'" }),
});
export type MarkCompletionRequest = z.infer<typeof markCompletionRequestSchema>;

/** One registrant of the session, with their completion if marked. */
export const completionRowSchema = z.object({
  registrantId: z.uuid(),
  /** The short ticket number printed on the ticket and in the report ("3F1C2A9E"). */
  ticketNumber: z.string(),
  name: z.string(),
  category: z.string(),
  minor: z.boolean(),
  checkedIn: z.boolean(),
  how: z.enum(COMPLETION_KINDS).nullable(),
  /** When the certificate e-mail was queued; null until sent. */
  certificateQueuedAt: z.string().nullable(),
});
export type CompletionRow = z.infer<typeof completionRowSchema>;

export const sessionCompletionsSchema = z.object({
  sessionId: z.number().int().positive(),
  rows: z.array(completionRowSchema),
});
export type SessionCompletions = z.infer<typeof sessionCompletionsSchema>;

/**
 * The CSV staff upload: a header row, then one row per registrant. "Ticket" is the short ticket
 * number (or the full ticket id); "Completed" is "By memory", "Fluent reading" (any case), or empty
 * for not completed (an empty row removes a mark not yet sent). Other columns are ignored, so the
 * report's CSV with a Completed column added can be uploaded as it is.
 */
export const COMPLETION_CSV_COLUMNS = { ticket: 'Ticket', completed: 'Completed' } as const;
export const MAX_COMPLETION_CSV_BYTES = 1_000_000;

export const completionImportResultSchema = z.object({
  marked: z.number().int().nonnegative(),
  unmarked: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative(),
});
export type CompletionImportResult = z.infer<typeof completionImportResultSchema>;

/** A refused CSV: every line's problem at once, nothing stored. */
export const completionImportErrorsSchema = z.object({
  error: z.literal('invalid_csv'),
  message: z.string(),
  lines: z.array(z.object({ line: z.number().int().positive(), message: z.string() })),
});

export const certificateSendResultSchema = z.object({
  /** Certificates queued now. */
  queued: z.number().int().nonnegative(),
  /** Marked registrants whose certificate was queued before: not sent again. */
  alreadySent: z.number().int().nonnegative(),
});
export type CertificateSendResult = z.infer<typeof certificateSendResultSchema>;

/** The family's page: who of the registration has a certificate to download (marked registrants). */
export const familyCertificatesSchema = z.object({
  certificates: z.array(z.object({ registrantId: z.uuid(), firstName: z.string(), lastName: z.string() })),
});
export type FamilyCertificates = z.infer<typeof familyCertificatesSchema>;

/** The words on the certificate for each completion (the family's PDF: translated with its words). */
export const COMPLETION_CERTIFICATE_WORDS: Record<CompletionKind, string> = {
  memory: /*i18n*/ 'Recited by memory',
  fluent_reading: /*i18n*/ 'Fluent reading',
};
