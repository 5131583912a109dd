/**
 * The completions CSV (packages/shared/src/certificates.ts): every line is checked before anything is
 * stored, and a file with any wrong line is refused whole with each line's problem, so staff fix the
 * file and upload it again rather than guess what half of it did. Applied in one transaction with
 * one audit line; a sent registrant's line may only repeat what was sent.
 */
import {
  COMPLETION_CSV_COLUMNS,
  COMPLETION_KINDS,
  COMPLETION_LABELS,
  type CompletionImportResult,
  type CompletionKind,
} from '@store/shared/certificates';
import { shortTicketId } from '@store/shared/ticket-code';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { AppError } from '#src/errors/app-error';
import { tickets } from '#src/modules/registrations/tables';
import { type AuditActor, recordAudit } from '#src/modules/staff/audit';
import { readCsv } from './completion-csv';
import { type SessionRegistrant, sessionRegistrants } from './session-completions';
import { recitationCompletions } from './tables';

export type LineError = { line: number; message: string };
export type ImportOutcome = { ok: true; result: CompletionImportResult } | { ok: false; lines: LineError[] };

const MAX_LINE_ERRORS = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SHORT = /^[0-9a-f]{8}$/i;

/** "By memory", "Fluent reading" (any case, or their stored names); '' = not completed; undefined = unknown. */
function completionOf(value: string): CompletionKind | null | undefined {
  const wanted = value.trim().toLowerCase();
  if (wanted === '') return null;
  return COMPLETION_KINDS.find((kind) => kind === wanted || COMPLETION_LABELS[kind].toLowerCase() === wanted);
}

type Change = { registrant: SessionRegistrant; how: CompletionKind | null };

export async function importCompletions(
  db: Database,
  { sessionId, csv, actor }: { sessionId: number; csv: string; actor: AuditActor },
): Promise<ImportOutcome> {
  const reading = readCsv(csv);
  if (!reading.ok)
    return { ok: false, lines: [{ line: reading.line, message: `Line ${reading.line}: ${reading.message}.` }] };
  const [header, ...rows] = reading.records;
  const names = (header?.fields ?? []).map((name) => name.trim().toLowerCase());
  const ticketColumn = names.indexOf(COMPLETION_CSV_COLUMNS.ticket.toLowerCase());
  const completedColumn = names.indexOf(COMPLETION_CSV_COLUMNS.completed.toLowerCase());
  if (ticketColumn < 0 || completedColumn < 0)
    throw new AppError(
      'validation_error',
      `The first line must name the columns "${COMPLETION_CSV_COLUMNS.ticket}" and "${COMPLETION_CSV_COLUMNS.completed}".`,
      { fields: { body: 'has no Ticket and Completed columns' } },
    );
  if (rows.length === 0)
    throw new AppError('validation_error', 'The file has no lines after its header.', { fields: { body: 'is empty' } });

  const registrants = await sessionRegistrants(db, sessionId);
  const byTicket = new Map(registrants.map((r) => [r.ticketId.toLowerCase(), r]));
  const byShort = new Map<string, SessionRegistrant[]>();
  for (const r of registrants) byShort.set(r.ticketNumber, [...(byShort.get(r.ticketNumber) ?? []), r]);

  const errors: LineError[] = [];
  const changes: Change[] = [];
  const seen = new Map<string, number>();
  const elsewhere: { line: number; ticket: string }[] = [];
  for (const { line, fields } of rows) {
    const ticket = (fields[ticketColumn] ?? '').trim();
    const completed = fields[completedColumn] ?? '';
    const how = completionOf(completed);
    if (how === undefined)
      errors.push({
        line,
        message: `Line ${line}: Completed must be "${COMPLETION_LABELS.memory}", "${COMPLETION_LABELS.fluent_reading}" or empty, not "${completed.trim().slice(0, 40)}".`,
      });
    if (ticket === '') {
      errors.push({ line, message: `Line ${line}: Ticket is empty.` });
      continue;
    }
    if (!UUID.test(ticket) && !SHORT.test(ticket)) {
      errors.push({
        line,
        message: `Line ${line}: Ticket "${ticket.slice(0, 40)}" is not a ticket number (8 letters and digits, as on the ticket).`,
      });
      continue;
    }
    const matches = UUID.test(ticket)
      ? [byTicket.get(ticket.toLowerCase())].filter((r) => r !== undefined)
      : (byShort.get(ticket.toUpperCase()) ?? []);
    const [registrant, ...others] = matches;
    if (!registrant) {
      elsewhere.push({ line, ticket });
      continue;
    }
    if (others.length > 0) {
      errors.push({
        line,
        message: `Line ${line}: Ticket ${ticket} matches more than one ticket; use the full ticket id.`,
      });
      continue;
    }
    const earlier = seen.get(registrant.registrantId);
    if (earlier !== undefined) {
      errors.push({ line, message: `Line ${line}: Ticket ${registrant.ticketNumber} is already on line ${earlier}.` });
      continue;
    }
    seen.set(registrant.registrantId, line);
    if (how === undefined) continue;
    if (registrant.certificateQueuedAt && how !== registrant.how) {
      errors.push({
        line,
        message: `Line ${line}: ${registrant.name}'s certificate was sent on ${registrant.certificateQueuedAt.slice(0, 10)}; it cannot be changed.`,
      });
      continue;
    }
    changes.push({ registrant, how });
  }
  errors.push(...(await notOfThisSession(db, sessionId, elsewhere)));
  if (errors.length > 0) return { ok: false, lines: errors.sort((a, b) => a.line - b.line).slice(0, MAX_LINE_ERRORS) };

  const result = { marked: 0, unmarked: 0, unchanged: 0 };
  await db.transaction(async (tx) => {
    for (const { registrant, how } of changes) {
      if (how === registrant.how) {
        result.unchanged += 1;
      } else if (how === null) {
        await tx
          .delete(recitationCompletions)
          .where(
            and(
              eq(recitationCompletions.registrantId, registrant.registrantId),
              isNull(recitationCompletions.certificateQueuedAt),
            ),
          );
        result.unmarked += 1;
      } else {
        await tx
          .insert(recitationCompletions)
          .values({ registrantId: registrant.registrantId, sessionId, how, markedBy: actor.id })
          .onConflictDoUpdate({
            target: recitationCompletions.registrantId,
            set: { how, sessionId, markedBy: actor.id, markedAt: sql`now()` },
            setWhere: isNull(recitationCompletions.certificateQueuedAt),
          });
        result.marked += 1;
      }
    }
    await recordAudit(tx, {
      actor,
      action: 'completion.import',
      targetType: 'session',
      targetId: String(sessionId),
      after: { ...result, lines: rows.length },
    });
  });
  return { ok: true, result };
}

/** Tickets not among this session's live ones: of another session, revoked, or no ticket at all. */
async function notOfThisSession(
  db: Pick<Database, 'select'>,
  sessionId: number,
  lines: readonly { line: number; ticket: string }[],
): Promise<LineError[]> {
  if (lines.length === 0) return [];
  const full = lines.filter(({ ticket }) => UUID.test(ticket)).map(({ ticket }) => ticket.toLowerCase());
  const short = lines.filter(({ ticket }) => SHORT.test(ticket)).map(({ ticket }) => ticket.toLowerCase());
  const known = await db
    .select({ id: tickets.id, sessionId: tickets.sessionId, revokedAt: tickets.revokedAt })
    .from(tickets)
    .where(
      full.length > 0 && short.length > 0
        ? sql`${inArray(tickets.id, full)} or substr(${tickets.id}::text, 1, 8) in ${short}`
        : full.length > 0
          ? inArray(tickets.id, full)
          : sql`substr(${tickets.id}::text, 1, 8) in ${short}`,
    );
  return lines.map(({ line, ticket }) => {
    const found = known.filter((k) =>
      UUID.test(ticket) ? k.id === ticket.toLowerCase() : shortTicketId(k.id) === ticket.toUpperCase(),
    );
    if (found.some((k) => k.sessionId !== sessionId))
      return { line, message: `Line ${line}: Ticket ${ticket} is of another session.` };
    if (found.length > 0)
      return { line, message: `Line ${line}: Ticket ${ticket} was revoked (cancelled or replaced).` };
    return { line, message: `Line ${line}: there is no ticket ${ticket}.` };
  });
}
