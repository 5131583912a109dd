/**
 * The family page's tests: sessions and registrations written straight into the database (the
 * registration form's own flow is tested beside it), the family's signed link, calls as the page
 * makes them, and the change e-mails as the worker would write them.
 */
import { randomUUID } from 'node:crypto';
import { placeCountsOf } from '@store/shared/event-sessions';
import { FAMILY_TOKEN_HEADER } from '@store/shared/family-registration';
import { type RegistrantInput, registrantSchema } from '@store/shared/registration';
import type { Site } from '@store/shared/site';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Database } from '#src/db/client';
import { takePlaces } from '#src/modules/event-sessions/places';
import { type EventSession, eventSessions } from '#src/modules/event-sessions/tables';
import { mailOutbox } from '#src/modules/mail/tables';
import { eventLinkKey, eventLinkToken, familyLinkExpiry } from '#src/modules/registrations/event-link';
import { registrants, registrations, tickets } from '#src/modules/registrations/tables';
import { issueTickets } from '#src/modules/registrations/ticket-rows';
import { TEST_SESSION_SECRET } from './build-test-app';
import { createSession } from './event-session-helpers';
import { outboxMessages } from './outbox-helpers';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A session of 10 places a month ahead (changes still open), unless said. */
export function insertSession(
  db: Database,
  values: Partial<typeof eventSessions.$inferInsert> = {},
): Promise<EventSession> {
  return createSession(db, { startsAt: new Date(Date.now() + 30 * DAY_MS), capacity: 10, ...values });
}

export type FamilyRows = { registrationId: string; number: number; registrantIds: string[] };

/** A registration as the form stores it: registered (places taken, tickets issued) or waiting in line. */
export async function insertFamily(
  db: Database,
  {
    sessionId,
    people,
    status = 'registered',
  }: { sessionId: number; people: RegistrantInput[]; status?: 'registered' | 'waiting' },
): Promise<FamilyRows> {
  const parsed = people.map((p) => registrantSchema.parse(p));
  const [first] = parsed;
  if (!first) throw new Error('a family needs someone');
  return db.transaction(async (tx) => {
    if (status === 'registered' && !(await takePlaces(tx, sessionId, placeCountsOf(parsed))))
      throw new Error('the test session has no places for this family');
    const [registration] = await tx
      .insert(registrations)
      .values({ idempotencyKey: randomUUID(), requestHash: 'test', email: first.email, sessionId, status })
      .returning();
    if (!registration) throw new Error('no registration');
    if (status === 'waiting')
      await tx
        .update(registrations)
        .set({ waitlistRank: registration.number })
        .where(eq(registrations.id, registration.id));
    const rows = await tx
      .insert(registrants)
      .values(
        parsed.map((p, i) => ({
          ...p,
          registrationId: registration.id,
          position: i + 1,
          phone: p.phone || null,
          category: p.category || null,
          mothersName: p.mothersName || null,
          mothersPhone: p.mothersPhone || null,
          fathersName: p.fathersName || null,
          fathersPhone: p.fathersPhone || null,
        })),
      )
      .returning({ id: registrants.id });
    const registrantIds = rows.map((r) => r.id);
    if (status === 'registered') await issueTickets(tx, sessionId, registrantIds);
    return { registrationId: registration.id, number: registration.number, registrantIds };
  });
}

export const familyKey = eventLinkKey(TEST_SESSION_SECRET);

export function familyToken(registrationId: string, expiresAt: Date = familyLinkExpiry(new Date(), null)): string {
  return eventLinkToken(familyKey, 'family', registrationId, expiresAt);
}

export function familyCall(
  app: FastifyInstance,
  token: string,
  { method = 'GET', url = '', body }: { method?: 'GET' | 'POST' | 'PATCH'; url?: string; body?: unknown } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url: `/api/public/registrations/yours${url}`,
    headers: { [FAMILY_TOKEN_HEADER]: token },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

export async function sessionRow(db: Database, id: number): Promise<EventSession> {
  const [row] = await db.select().from(eventSessions).where(eq(eventSessions.id, id));
  if (!row) throw new Error('no session');
  return row;
}

/** Every ticket of a registration's people, oldest first: live ones have no revokedAt. */
export async function ticketsOf(db: Database, registrationId: string) {
  return db
    .select({
      id: tickets.id,
      position: registrants.position,
      sessionId: tickets.sessionId,
      revokedReason: tickets.revokedReason,
    })
    .from(tickets)
    .innerJoin(registrants, eq(registrants.id, tickets.registrantId))
    .where(eq(registrants.registrationId, registrationId))
    .orderBy(asc(tickets.issuedAt), asc(registrants.position));
}

/** The change e-mails queued about a registration, as the worker would write them. */
export async function changeMails(db: Database, site: Site, registrationId: string) {
  const rows = await db
    .select({ subjectId: mailOutbox.subjectId })
    .from(mailOutbox)
    .where(
      sql`${mailOutbox.kind} = 'registration-change' and ${mailOutbox.payload}->>'registrationId' = ${registrationId}`,
    )
    .orderBy(asc(mailOutbox.seq));
  const mails = [];
  for (const row of rows) mails.push(...(await outboxMessages(db, site, row.subjectId, 'registration-change')));
  return mails;
}

export const days = (n: number) => n * DAY_MS;
