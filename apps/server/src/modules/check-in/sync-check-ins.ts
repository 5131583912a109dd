/**
 * A door's sync: its check-ins, in the order it made them, each answered kept, conflict or refused,
 * then what every door did at this session. The first check-in the server RECEIVES for a ticket is
 * kept; one statement decides it (the partial unique index on the ticket's kept row), so any number
 * of devices at once agree. A check-in's id is its primary key: sent again, it stores nothing and is
 * answered as before. Why the first received: decision 0039.
 */
import type {
  CheckInResult,
  CheckInSyncRequest,
  CheckInSyncResponse,
  CheckInSyncResult,
  DeviceCheckIn,
} from '@store/shared/check-in-sync';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { registrants, tickets } from '#src/modules/registrations/tables';
import { revokedTicketIds } from '#src/modules/tickets/ticket-repo';
import { keptCheckIns, recorded, sessionConflicts } from './check-in-rows';
import { type CheckIn, checkIns } from './tables';

type TicketFacts = { sessionId: number; revoked: boolean; minor: boolean };
type Refusal = Exclude<CheckInResult, 'kept' | 'conflict'>;

/** What the server knows of the tickets a batch names, in one read. */
async function ticketFacts(db: Pick<Database, 'select'>, ticketIds: string[]): Promise<Map<string, TicketFacts>> {
  if (ticketIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: tickets.id,
      sessionId: tickets.sessionId,
      revokedAt: tickets.revokedAt,
      // A minor has parents on file and no category (the registration form's rule).
      category: registrants.category,
    })
    .from(tickets)
    .innerJoin(registrants, eq(registrants.id, tickets.registrantId))
    .where(inArray(tickets.id, ticketIds));
  return new Map(
    rows.map((row) => [
      row.id,
      { sessionId: row.sessionId, revoked: row.revokedAt !== null, minor: row.category === null },
    ]),
  );
}

function refusalOf(facts: TicketFacts | undefined, sessionId: number, checkIn: DeviceCheckIn): Refusal | null {
  if (!facts) return 'unknown_ticket';
  if (facts.sessionId !== sessionId) return 'not_this_session';
  if (facts.revoked) return 'revoked';
  if (facts.minor && checkIn.guardian === null) return 'guardian_required';
  return null;
}

async function rowById(db: Pick<Database, 'select'>, id: string): Promise<CheckIn | undefined> {
  const [row] = await db.select().from(checkIns).where(eq(checkIns.id, id));
  return row;
}

async function keptRowOf(db: Pick<Database, 'select'>, ticketId: string): Promise<CheckIn | undefined> {
  const [row] = await db
    .select()
    .from(checkIns)
    .where(and(eq(checkIns.ticketId, ticketId), eq(checkIns.outcome, 'kept')));
  return row;
}

/** The answer a stored check-in gets: kept, or a conflict naming the row it lost to. */
async function answerOf(db: Pick<Database, 'select'>, row: CheckIn): Promise<CheckInSyncResult> {
  if (row.outcome === 'kept' || row.keptCheckInId === null) return { id: row.id, result: 'kept', kept: null };
  const kept = await rowById(db, row.keptCheckInId);
  return { id: row.id, result: 'conflict', kept: kept ? recorded(kept) : null };
}

/** Records one check-in (or finds it recorded) and answers it. */
async function recordOne(
  db: Database,
  base: { sessionId: number; deviceId: string; deviceName: string; staffId: string | null },
  checkIn: DeviceCheckIn,
): Promise<CheckInSyncResult> {
  const values = {
    id: checkIn.id,
    ticketId: checkIn.ticketId,
    sessionId: base.sessionId,
    deviceId: base.deviceId,
    deviceName: base.deviceName,
    scannedAt: new Date(checkIn.scannedAt),
    method: checkIn.method,
    guardian: checkIn.guardian,
    staffId: base.staffId,
  };
  // Kept, unless the id was sent before (the primary key) or another check-in of the ticket was
  // kept first (the partial unique index): either way nothing is inserted.
  const inserted = await db
    .insert(checkIns)
    .values({ ...values, outcome: 'kept' })
    .onConflictDoNothing()
    .returning({ id: checkIns.id });
  if (inserted.length > 0) return { id: checkIn.id, result: 'kept', kept: null };
  const before = await rowById(db, checkIn.id);
  if (before) return answerOf(db, before);
  const kept = await keptRowOf(db, checkIn.ticketId);
  if (!kept) {
    // The kept row went between the two statements (its ticket deleted): nothing to lose to.
    return { id: checkIn.id, result: 'unknown_ticket', kept: null };
  }
  await db
    .insert(checkIns)
    .values({ ...values, outcome: 'conflict', keptCheckInId: kept.id })
    .onConflictDoNothing({ target: checkIns.id });
  // A replay of this very check-in may have raced this one: answer whatever is stored under its id.
  const stored = await rowById(db, checkIn.id);
  return stored ? answerOf(db, stored) : { id: checkIn.id, result: 'conflict', kept: recorded(kept) };
}

/**
 * A refusal, unless this very check-in was stored before (a reply lost, the ticket revoked since):
 * what was answered then stands.
 */
async function refusedUnlessStored(
  db: Pick<Database, 'select'>,
  id: string,
  refusal: Refusal,
): Promise<CheckInSyncResult> {
  const before = refusal === 'unknown_ticket' ? undefined : await rowById(db, id);
  return before ? answerOf(db, before) : { id, result: refusal, kept: null };
}

export type SyncSummary = { response: CheckInSyncResponse; counts: Record<CheckInResult, number> };

export async function syncCheckIns(
  db: Database,
  {
    sessionId,
    staffId,
    request,
    now = () => new Date(),
  }: {
    sessionId: number;
    staffId: string | null;
    request: CheckInSyncRequest;
    now?: () => Date;
  },
): Promise<SyncSummary> {
  const facts = await ticketFacts(db, [...new Set(request.checkIns.map((checkIn) => checkIn.ticketId.toLowerCase()))]);
  const base = { sessionId, deviceId: request.deviceId, deviceName: request.deviceName, staffId };
  const results: CheckInSyncResult[] = [];
  const counts: Record<CheckInResult, number> = {
    kept: 0,
    conflict: 0,
    revoked: 0,
    not_this_session: 0,
    unknown_ticket: 0,
    guardian_required: 0,
  };
  // In the order the device made them: its second check-in of a ticket is a conflict with its first.
  for (const checkIn of request.checkIns) {
    const normalized = { ...checkIn, ticketId: checkIn.ticketId.toLowerCase() };
    const refusal = refusalOf(facts.get(normalized.ticketId), sessionId, normalized);
    const result = refusal ? await refusedUnlessStored(db, checkIn.id, refusal) : await recordOne(db, base, normalized);
    counts[result.result] += 1;
    results.push(result);
  }
  const [kept, conflicts, revoked] = await Promise.all([
    keptCheckIns(db, sessionId),
    sessionConflicts(db, sessionId),
    revokedTicketIds(db, sessionId),
  ]);
  return {
    response: { results, kept: kept.map(recorded), conflicts, revoked, syncedAt: now().toISOString() },
    counts,
  };
}
