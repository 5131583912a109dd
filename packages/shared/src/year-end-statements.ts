/**
 * The treasurer's year-end statements run, as the back office (/admin/statements) and the command
 * (`npm run statements`) both drive it:
 *   POST /api/staff/statements               statementRunRequestSchema -> 200 statementRunSchema
 *                                            | 409 while the year is open and the send is not confirmed
 *   GET  /api/staff/statements/:year/sample.pdf?email=&entity=   one listed statement, as it would be sent
 * and the signed-in donor's own (server statements/routes.ts):
 *   GET  /api/account/statements             accountStatementsSchema: each year's statements
 *   GET  /api/account/statements/:year.pdf?entity=   one of them
 * One statement per donor, calendar year and legal entity (the US foundation, the Canadian charity,
 * the UK charity: each states its own gifts in its own currency), ever: a donor's gifts made after
 * their statement went out are on no statement. That is why sending before the year has ended at
 * the foundation needs an explicit confirmation that names it.
 */
import { z } from 'zod';
import { calendarDay } from './monthly-giving';

/** The preview lists at most this many donors (by name), each with all their statements; the counts cover all of them. */
export const STATEMENT_PREVIEW_LIMIT = 100;

export const statementRunRequestSchema = z.object({
  year: z.number().int('must be a year').min(2000, 'must be a year from 2000').max(2100, 'must be a year up to 2100'),
  dryRun: z.boolean(),
  /** Send although the year has not ended at the foundation, knowing its later gifts stay off the statements. */
  confirmOpenYear: z.boolean().optional(),
});
export type StatementRunRequest = z.infer<typeof statementRunRequestSchema>;

/** Which legal entity a statement is from, as a list names it beside the donor's other statements of the year. */
export const statementFromSchema = z.object({
  /** The entity's key (site.json `entities`): 'us', 'ca', 'uk'. */
  key: z.string(),
  /** The name the statement is issued under (the entity's legal name, as its receipts have it). */
  issuer: z.string(),
  /** The currency the statement's amounts are in. */
  currency: z.string(),
});
export type StatementFrom = z.infer<typeof statementFromSchema>;

/** One statement of the preview: a donor's gifts of the year to one entity. */
export const statementRecipientSchema = z.object({
  email: z.string(),
  name: z.string(),
  /**
   * Which entity the statement is from, set on every row once any listed statement is from another
   * entity than the US foundation or in another currency than dollars; absent, they all are the US
   * foundation's, in dollars (as an address without an entity means).
   */
  from: statementFromSchema.optional(),
  gifts: z.number(),
  /** Given in the year, less refunds, in the statement's currency: what its "Total given" says. */
  totalCents: z.number(),
  /** The statement's "Total deductible". */
  deductibleCents: z.number(),
  /** An earlier run queued this statement: it is not sent again. */
  alreadyQueued: z.boolean(),
});
export type StatementRecipient = z.infer<typeof statementRecipientSchema>;

/** Why a gift of the year is on no statement. */
export const statementExclusionReasonSchema = z.enum(['test', 'refunded']);
export type StatementExclusionReason = z.infer<typeof statementExclusionReasonSchema>;

export const statementExclusionSchema = z.object({
  reason: statementExclusionReasonSchema,
  /** Gifts (orders) left out for this reason. */
  gifts: z.number(),
  /** Donors who get no statement at all because of it: they gave nothing else that counts. */
  donorsWithout: z.number(),
});
export type StatementExclusion = z.infer<typeof statementExclusionSchema>;

export const statementRunSchema = z.object({
  year: z.number(),
  /** Donors who get a statement for the year (at least one gift that counts). */
  donors: z.number(),
  /** Queued by this run (a preview: would be queued). */
  queued: z.number(),
  /** Already queued by an earlier run. */
  alreadyQueued: z.number(),
  dryRun: z.boolean(),
  /** The year has not ended yet in the foundation's time zone. */
  yearOpen: z.boolean(),
  /** The foundation's time zone, named where the year's end is. */
  timeZone: z.string(),
  /** A preview's statements, by donor name, for at most STATEMENT_PREVIEW_LIMIT donors; empty after a send. */
  recipients: z.array(statementRecipientSchema),
  /** What the year had that is on no statement, with the count; reasons with nothing are left out. */
  exclusions: z.array(statementExclusionSchema),
});
export type StatementRun = z.infer<typeof statementRunSchema>;

/** One of the signed-in donor's statements: a calendar year's gifts to one entity, and where its PDF is. */
export const accountStatementSchema = z.object({
  year: z.number().int(),
  from: statementFromSchema,
  /** accountStatementPdfPath (tax-receipts.ts). */
  pdf: z.string(),
});
export type AccountStatement = z.infer<typeof accountStatementSchema>;

/** Newest year first; within a year, the US foundation's first. */
export const accountStatementsSchema = z.object({ statements: z.array(accountStatementSchema) });
export type AccountStatements = z.infer<typeof accountStatementsSchema>;

/** '1 donor', '3 donors'. */
export function countOf(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** True until December 31 of `year` has ended in the foundation's zone. */
export function isYearOpen(year: number, timeZone: string, now: Date = new Date()): boolean {
  return year >= Number(calendarDay(now, timeZone).slice(0, 4));
}

/** What sending now costs while the year is open: the same words on the page, in the 409 and in the command. */
export function openYearConsequence(year: number, timeZone: string): string {
  return (
    `${year} has not ended yet: it ends when December 31 ends, ${timeZone} time. Each donor gets one ` +
    `statement per year, so the gifts they make between now and the end of ${year} will never be on a statement.`
  );
}

export function statementPreviewSummary(run: Pick<StatementRun, 'year' | 'donors' | 'queued' | 'alreadyQueued'>) {
  const before = run.alreadyQueued === 1 ? '1 was sent before' : `${run.alreadyQueued} were sent before`;
  return `${run.year}: ${countOf(run.donors, 'donor gets', 'donors get')} a statement; ${countOf(run.queued, 'statement', 'statements')} would be sent now, ${before}.`;
}

export function statementSentSummary(run: Pick<StatementRun, 'year' | 'queued' | 'alreadyQueued'>) {
  const sent = run.queued === 1 ? '1 statement is on its way' : `${run.queued} statements are on their way`;
  return `${run.year}: ${sent}; ${run.alreadyQueued} had been sent before.`;
}

/** Why gifts of the year are on no statement, for the treasurer. */
export function exclusionText({ reason, gifts, donorsWithout }: StatementExclusion): string {
  const without =
    donorsWithout === 0
      ? ''
      : reason === 'test'
        ? ` ${countOf(donorsWithout, 'donor', 'donors')} made only test orders and ${donorsWithout === 1 ? 'gets' : 'get'} no statement.`
        : ` ${countOf(donorsWithout, 'donor', 'donors')} had nothing else left and ${donorsWithout === 1 ? 'gets' : 'get'} no statement.`;
  return reason === 'test'
    ? `${countOf(gifts, 'test order is', 'test orders are')} left out: test payments move no money.${without}`
    : `${countOf(gifts, 'gift', 'gifts')} refunded in full or voided ${gifts === 1 ? 'is' : 'are'} left out: nothing of ${gifts === 1 ? 'it' : 'them'} was given.${without}`;
}
