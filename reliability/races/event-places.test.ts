/**
 * The last places of a session under a rush (issue 32): 200 one-person registrations fired at once
 * for a session with exactly 10 places left, each asking for the waiting list when full. On
 * PostgreSQL through two server processes on one database, on PGlite through its one process, over
 * real HTTP. Exactly 10 are registered (10 live tickets, taken = capacity), 190 wait in a line of
 * distinct ranks, nothing answers 5xx. Then a process killed between taking places and committing
 * (STORE_FAULT_POINT=registration.after-places) loses no place: the session's taken is still the
 * people registered in it.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../apps/server/src/db/client';
import { eventSessions } from '../../apps/server/src/modules/event-sessions/tables';
import { registrants, registrations, tickets } from '../../apps/server/src/modules/registrations/tables';
import { createSession } from '../../apps/server/test/event-session-helpers';
import { describeWithDb } from '../../apps/server/test/test-db';
import { freePort } from '../../test/free-port';
import { recordFigures } from '../support/figures';
import { type ServerProcess, startServerProcess } from '../support/server-process';
import { count, postJson, registrant } from '../support/store-client';
import { type StoreServer, startStoreServer } from '../support/store-server';

const REQUESTS = 200;
const PLACES = 10;
const ENV = { CAPTCHA_PROVIDER: 'off', TRUST_PROXY: 'true' };

type Tally = { registered: number; waiting: number; ranks: number; people: number; liveTickets: number; taken: number };

/** What the database holds for one session: its registrations by state, its people, tickets and places. */
async function tally(db: Database, sessionId: number): Promise<Tally> {
  const r = registrations;
  const [row] = await db
    .select({
      registered: sql<number>`count(*) filter (where ${r.status} = 'registered')::int`,
      waiting: sql<number>`count(*) filter (where ${r.status} = 'waiting')::int`,
      ranks: sql<number>`count(distinct ${r.waitlistRank})::int`,
    })
    .from(r)
    .where(eq(r.sessionId, sessionId));
  const [people] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(registrants)
    .innerJoin(r, eq(r.id, registrants.registrationId))
    .where(and(eq(r.sessionId, sessionId), eq(r.status, 'registered')));
  const [live] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tickets)
    .where(and(eq(tickets.sessionId, sessionId), isNull(tickets.revokedAt)));
  const [session] = await db.select().from(eventSessions).where(eq(eventSessions.id, sessionId));
  return {
    registered: Number(row?.registered),
    waiting: Number(row?.waiting),
    ranks: Number(row?.ranks),
    people: Number(people?.n),
    liveTickets: Number(live?.n),
    taken: session?.taken ?? -1,
  };
}

describeWithDb('the last places of a session under a rush', () => {
  let store: StoreServer;
  /** PostgreSQL: a second process on the same database. */
  let second: ServerProcess | undefined;
  let raceSession: number;
  let crashSession: number;
  const figures: Record<string, unknown> = {};

  beforeAll(async () => {
    store = await startStoreServer(ENV);
    // 10 places left of 50; a second session for the crash. On PGlite `query` stops the server for it.
    [raceSession, crashSession] = await store.query(async (db) => [
      (await createSession(db, { capacity: 50, taken: 50 - PLACES })).id,
      (await createSession(db, { capacity: 5 })).id,
    ]);
    if (store.database.kind === 'postgres') {
      second = await startServerProcess({
        port: await freePort(),
        dataDir: store.database.dataDir,
        databaseUrl: store.database.databaseUrl,
        env: { LOG_LEVEL: 'warn', ...ENV },
      });
    }
  });

  afterAll(async () => {
    recordFigures('event-places', figures);
    await second?.stop();
    await store?.close();
  });

  const register = (baseUrl: string, sessionId: number, i: number, people = 1) => {
    const email = `rush-${i}-${randomUUID().slice(0, 8)}@example.org`;
    return postJson(
      baseUrl,
      '/api/public/registrations',
      {
        sessionId,
        ifFull: 'waitlist',
        registrants: Array.from({ length: people }, (_, n) => registrant({ email, firstName: `Rush${i}x${n}` })),
      },
      // An address of its own: the per-client limits are not what is raced here.
      { 'idempotency-key': randomUUID(), 'x-forwarded-for': `10.32.${Math.floor(i / 250)}.${(i % 250) + 1}` },
    );
  };

  it(`gives exactly ${PLACES} places to ${REQUESTS} registrations at once, the rest a line of distinct ranks`, async () => {
    const bases = second ? [store.baseUrl, second.baseUrl] : [store.baseUrl];
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: REQUESTS }, (_, i) => register(bases[i % bases.length] ?? store.baseUrl, raceSession, i)),
    );
    figures.rushMs = Date.now() - started;
    figures.processes = bases.length;
    // On a failure, what the processes logged says why (a 5xx body says only "on our side").
    const logs = () => `${store.process().output().slice(-3000)}\n${second?.output().slice(-3000) ?? ''}`;
    expect(
      count(answers, (a) => a.status),
      answers.some((a) => a.status >= 500) ? logs() : '',
    ).toEqual({
      201: REQUESTS,
    });
    expect(count(answers, (a) => String(a.body.status))).toEqual({ registered: PLACES, waiting: REQUESTS - PLACES });
    expect(await store.query((db) => tally(db, raceSession))).toEqual({
      registered: PLACES,
      waiting: REQUESTS - PLACES,
      ranks: REQUESTS - PLACES,
      people: PLACES,
      liveTickets: PLACES,
      taken: 50,
    });
  });

  it('loses no place when a process dies after taking places and before committing', async () => {
    // The process itself dies mid-registration: its answer never comes.
    const faulty =
      store.database.kind === 'postgres'
        ? await startServerProcess({
            port: await freePort(),
            dataDir: store.database.dataDir,
            databaseUrl: store.database.databaseUrl,
            env: { LOG_LEVEL: 'warn', ...ENV, STORE_FAULT_POINT: 'registration.after-places' },
          })
        : await store.restart({ STORE_FAULT_POINT: 'registration.after-places' });
    await expect(register(faulty.baseUrl, crashSession, 1, 3)).rejects.toThrow();
    expect((await faulty.exited).signal).toBe('SIGKILL');
    if (store.database.kind === 'pglite') await store.restart({ STORE_FAULT_POINT: '' });

    // A live process registers into the same session; on PostgreSQL its guarded update waits for the
    // dead transaction to be rolled back, so the places it took are there again.
    const after = await register(store.baseUrl, crashSession, 2, 2);
    expect(after.status).toBe(201);
    expect(after.body.status).toBe('registered');
    // The file's last look: on PGlite the server is not started again only for afterAll to stop it.
    expect(await store.query((db) => tally(db, crashSession), { last: true })).toEqual({
      registered: 1,
      waiting: 0,
      ranks: 0,
      people: 2,
      liveTickets: 2,
      taken: 2,
    });
  });
});
