/**
 * The treasurer's year-end run (`npm run statements -- --year 2026 [--dry-run]`, cli/statements.ts):
 * one statement per donor (per e-mail that gave in the year) and legal entity they gave to, each its
 * own e-mail in the outbox, once however often it is run. Each batch of donors is one transaction:
 * their year_end_statements rows (unique per year, e-mail and entity) and their e-mails commit
 * together, so a run stopped half-way resumes where it was.
 */

import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { donorKeyOf } from '#src/modules/donors/donor-key';
import { orders } from '#src/modules/ledger/index';
import { queueMail } from '#src/modules/mail/outbox';
import { mailOutbox } from '#src/modules/mail/tables';
import { STATEMENT_KIND } from './statement-kind';
import { yearEndStatements } from './tables';
import { countsForStatements, inCalendarYear, notVoided } from './year-gifts';

export type StatementRunOptions = {
  db: Database;
  year: number;
  timeZone: string;
  dryRun?: boolean;
  /** Donors per transaction. */
  batchSize?: number;
  /** Told after each batch: donors looked at so far, of how many. */
  onProgress?: (done: number, total: number) => void;
};

export type StatementRunSummary = {
  year: number;
  /** Donors who get a statement: at least one gift of the year that counts and was not refunded in full. */
  donors: number;
  /** Statements queued by this run (a dry run queues none and counts what it would queue). */
  queued: number;
  /** Statements an earlier run already queued. */
  alreadyQueued: number;
  dryRun: boolean;
};

/** One statement per person: a record merged into another (issue 21) counts under the kept address. */
const donorEmail = donorKeyOf(orders.email);

export async function sendYearEndStatements(options: StatementRunOptions): Promise<StatementRunSummary> {
  const { db, year, timeZone, dryRun = false, batchSize = 500, onProgress } = options;
  // A donor whose every gift was refunded in full gets no statement (there is nothing to state), so
  // is neither counted nor queued: the preview, this run and the statements agree.
  const inYear = and(countsForStatements, notVoided, inCalendarYear(year, timeZone));
  const [{ donors } = { donors: 0 }] = await db
    .select({ donors: sql<number>`count(distinct ${donorEmail})::int` })
    .from(orders)
    .where(inYear);
  let after = '';
  let done = 0;
  let queued = 0;
  let alreadyQueued = 0;
  for (;;) {
    // Keyset over the year's donors, by e-mail: each batch starts after the last one's.
    const batch = (
      await db
        .selectDistinct({ email: donorEmail })
        .from(orders)
        .where(and(inYear, gt(donorEmail, after)))
        .orderBy(asc(donorEmail))
        .limit(batchSize)
    ).map((r) => r.email);
    if (batch.length === 0) break;
    after = batch.at(-1) ?? after;
    // The batch's statements: each donor's entities of the year. The batch is a run of consecutive
    // e-mails in the keyset's order, so its first and last bound it.
    const statements = await db
      .selectDistinct({ email: donorEmail, entityKey: orders.entityKey })
      .from(orders)
      .where(and(inYear, gte(donorEmail, batch[0] ?? after), lte(donorEmail, after)));
    if (dryRun) {
      const existing = new Set(
        (
          await db
            .select({ email: yearEndStatements.email, entityKey: yearEndStatements.entityKey })
            .from(yearEndStatements)
            .where(and(eq(yearEndStatements.year, year), inArray(yearEndStatements.email, batch)))
        ).map((r) => `${r.email}\u0000${r.entityKey}`),
      );
      const before = statements.filter((r) => existing.has(`${r.email}\u0000${r.entityKey}`)).length;
      alreadyQueued += before;
      queued += statements.length - before;
    } else {
      const added = await db.transaction(async (tx) => {
        // A donor's orders deleted since the batch was read: nothing of theirs to queue.
        if (statements.length === 0) return 0;
        const rows = await tx
          .insert(yearEndStatements)
          .values(statements.map(({ email, entityKey }) => ({ id: randomUUID(), year, email, entityKey })))
          .onConflictDoNothing({
            target: [yearEndStatements.year, yearEndStatements.email, yearEndStatements.entityKey],
          })
          .returning({ id: yearEndStatements.id });
        for (const row of rows) await queueMail(tx, { kind: STATEMENT_KIND, subjectId: row.id });
        return rows.length;
      });
      queued += added;
      alreadyQueued += statements.length - added;
    }
    done += batch.length;
    onProgress?.(done, donors);
  }
  return { year, donors, queued, alreadyQueued, dryRun };
}

/** Per year: statements sent, and queued but not sent yet (the report shows both). */
export async function statementCounts(db: Database): Promise<{ year: number; sent: number; queued: number }[]> {
  const rows = await db
    .select({
      year: yearEndStatements.year,
      sent: sql<number>`count(*) filter (where ${isNotNull(mailOutbox.sentAt)})::int`,
      total: sql<number>`count(*)::int`,
    })
    .from(yearEndStatements)
    .leftJoin(
      mailOutbox,
      and(eq(mailOutbox.kind, STATEMENT_KIND), eq(mailOutbox.subjectId, sql`${yearEndStatements.id}::text`)),
    )
    .groupBy(yearEndStatements.year)
    .orderBy(sql`${yearEndStatements.year} desc`);
  return rows.map((r) => ({ year: r.year, sent: Number(r.sent), queued: Number(r.total) - Number(r.sent) }));
}
