/**
 * Waiting-list offers and crashes: the worker is killed with SIGKILL exactly between an expired
 * offer's lapse (its places given back) and the next family's offer (the `waitlist.after-lapse`
 * fault point, armed by STORE_FAULT_POINT for those starts only), KILLS times. The
 * session is full: families registered, offers already expired, and a line of families waiting.
 *  - after each crash nothing is half done: every expired offer is still open, no new offer, no
 *    e-mail, the session's places as they were;
 *  - started again without the fault point, the worker settles: every expired offer lapsed exactly
 *    once, the first families in line (rank order, nobody skipped) each hold exactly ONE open offer
 *    with exactly one offer e-mail, the rest still wait, and the session's taken places are the
 *    registered people plus the open offers' people.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../apps/server/src/db/client';
import { eventSessions } from '../../apps/server/src/modules/event-sessions/tables';
import { mailOutbox } from '../../apps/server/src/modules/mail/tables';
import { registrations } from '../../apps/server/src/modules/registrations/tables';
import { AFTER_LAPSE_FAULT } from '../../apps/server/src/modules/waiting-list/expire-offers';
import { WAITLIST_OFFER_KIND } from '../../apps/server/src/modules/waiting-list/offer-kind';
import { waitlistOffers } from '../../apps/server/src/modules/waiting-list/tables';
import { describeWithDb } from '../../apps/server/test/test-db';
import { type SeededFamily, seedFamily, seedSession } from '../../apps/server/test/waitlist-fixtures';
import { freePort } from '../../test/free-port';
import { recordFigures } from '../support/figures';
import { CRASHES } from '../support/scale';
import { createServerDatabase, type ServerDatabase } from '../support/server-database';
import { spawnServerProcess, startServerProcess } from '../support/server-process';

/** Expired offers to pass on; twice as many families wait behind them. */
const OFFERS = 3;
const WAITING = OFFERS * 2;
const REGISTERED_PEOPLE = 4;
/**
 * Each kill is a whole start of the server (on PGlite with its recovery, about 15 s): one in the
 * default run, which proves nothing is half done; the long run (RELIABILITY_CRASHES) kills more.
 */
const KILLS = Math.max(1, CRASHES - 2);

type Snapshot = {
  offers: { id: string; registrationId: string; status: string }[];
  line: { id: string; status: string }[];
  offerMails: string[];
  taken: number;
};

async function snapshot(db: Database, sessionId: number): Promise<Snapshot> {
  const offers = await db
    .select({ id: waitlistOffers.id, registrationId: waitlistOffers.registrationId, status: waitlistOffers.status })
    .from(waitlistOffers)
    .where(eq(waitlistOffers.sessionId, sessionId))
    .orderBy(asc(waitlistOffers.offeredAt), asc(waitlistOffers.id));
  const line = await db
    .select({ id: registrations.id, status: registrations.status })
    .from(registrations)
    .where(and(eq(registrations.sessionId, sessionId), sql`${registrations.waitlistRank} is not null`))
    .orderBy(asc(registrations.waitlistRank));
  const mails = await db
    .select({ subjectId: mailOutbox.subjectId })
    .from(mailOutbox)
    .where(eq(mailOutbox.kind, WAITLIST_OFFER_KIND));
  const [session] = await db
    .select({ taken: eventSessions.taken })
    .from(eventSessions)
    .where(eq(eventSessions.id, sessionId));
  return { offers, line, offerMails: mails.map((m) => m.subjectId), taken: session?.taken ?? -1 };
}

describeWithDb('waiting-list offer expiry while the worker is killed between the lapse and the next offer', () => {
  let database: ServerDatabase;
  let port: number;
  const env = { LOG_LEVEL: 'info', CAPTCHA_PROVIDER: 'off', PAYMENT_GATEWAY: 'sandbox' };

  /** The worker role; PGlite is single-process, so there the one process of all roles is the worker. */
  const workerRole = () => (database.kind === 'postgres' ? 'worker' : 'all');

  beforeAll(async () => {
    database = await createServerDatabase();
    port = await freePort();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('passes every expired offer on exactly once: nobody skipped, nobody offered twice', async () => {
    // The first start (all roles) on the database, already migrated (a copy of the migrated template).
    const first = await startServerProcess({
      port,
      dataDir: database.dataDir,
      databaseUrl: database.databaseUrl,
      readyTimeoutMs: 120_000,
      env,
    });
    await first.stop();

    const { sessionId, offered, waiting } = await database.withDb(async (db) => {
      const session = await seedSession(db, {
        capacity: REGISTERED_PEOPLE + OFFERS,
        taken: REGISTERED_PEOPLE + OFFERS,
      });
      await seedFamily(db, { sessionId: session.id, status: 'registered', people: REGISTERED_PEOPLE });
      const offeredFamilies: SeededFamily[] = [];
      for (let i = 0; i < OFFERS; i += 1) {
        const family = await seedFamily(db, { sessionId: session.id, status: 'waiting', people: 1 });
        await db.update(registrations).set({ status: 'offered' }).where(eq(registrations.id, family.id));
        // Made three days ago and held two: expired a day ago.
        await db.insert(waitlistOffers).values({
          registrationId: family.id,
          sessionId: session.id,
          people: 1,
          offeredAt: new Date(Date.now() - 72 * 3600_000),
          expiresAt: new Date(Date.now() - (24 * 3600_000 - i * 1000)),
        });
        offeredFamilies.push(family);
      }
      const line: SeededFamily[] = [];
      for (let i = 0; i < WAITING; i += 1)
        line.push(await seedFamily(db, { sessionId: session.id, status: 'waiting', people: 1 }));
      return { sessionId: session.id, offered: offeredFamilies, waiting: line };
    });
    const before = await database.withDb((db) => snapshot(db, sessionId));
    expect(before.offers.map((o) => o.status)).toEqual(Array(OFFERS).fill('open'));

    const exits: string[] = [];
    for (let i = 0; i < KILLS; i += 1) {
      const armed = spawnServerProcess({
        port,
        dataDir: database.dataDir,
        databaseUrl: database.databaseUrl,
        env: { ...env, ROLE: workerRole(), STORE_FAULT_POINT: AFTER_LAPSE_FAULT },
      });
      const exit = await armed.exited;
      exits.push(exit.signal ?? `exit ${exit.code}: ${armed.output().slice(-2000)}`);
      // Nothing half done: the lapse and its freed places rolled back with the offer not yet made.
      expect(await database.withDb((db) => snapshot(db, sessionId))).toEqual(before);
    }
    expect(exits).toEqual(Array(KILLS).fill('SIGKILL'));

    // Started again without the fault point: its start-up run passes every expired offer on. The
    // test waits for that run's log line before stopping it (a stop at once could come before the
    // job has started: the database cannot be read meanwhile, PGlite being one process's).
    const worker = await startServerProcess({
      port,
      dataDir: database.dataDir,
      databaseUrl: database.databaseUrl,
      readyTimeoutMs: 120_000,
      env: { ...env, ROLE: workerRole() },
    });
    await expect
      .poll(() => worker.output().includes('waiting-list offers lapsed and passed on'), { timeout: 60_000 })
      .toBe(true);
    const stopped = await worker.stop();
    expect(stopped.signal, worker.output().slice(-2000)).toBeNull();
    const after = await database.withDb((db) => snapshot(db, sessionId));

    const byFamily = (id: string) => after.offers.filter((o) => o.registrationId === id);
    for (const family of offered) expect(byFamily(family.id).map((o) => o.status)).toEqual(['lapsed']);
    const nextInLine = waiting.slice(0, OFFERS);
    for (const family of nextInLine) expect(byFamily(family.id).map((o) => o.status)).toEqual(['open']);
    for (const family of waiting.slice(OFFERS)) expect(byFamily(family.id)).toEqual([]);
    expect(after.line.map((f) => f.status)).toEqual([
      ...Array(OFFERS).fill('lapsed'),
      ...Array(OFFERS).fill('offered'),
      ...Array(WAITING - OFFERS).fill('waiting'),
    ]);
    const open = after.offers.filter((o) => o.status === 'open');
    expect(after.offerMails.sort()).toEqual(open.map((o) => o.id).sort());
    expect(after.taken).toBe(REGISTERED_PEOPLE + open.length);

    recordFigures('offer-expiry-crash', {
      crashes: KILLS,
      expiredOffers: OFFERS,
      lapsedOnce: offered.length,
      newOpenOffers: open.length,
      offerMails: after.offerMails.length,
      taken: after.taken,
    });
  }, 600_000);
});
