/**
 * Account sessions in the database (auth_sessions), so every server process knows every session.
 *
 * - The cookie holds 32 random bytes; the row's id is their sha256. A leaked table or backup lets
 *   nobody sign in, and a lookup by hash needs no constant-time compare (the hash is not secret).
 * - A session lasts 30 days from its last renewal. Using it renews it, at most once a day: one write
 *   a day per active visitor rather than one per request. Time is the database's (`now()`), so
 *   processes with drifting clocks agree on what has expired.
 * - Expired rows are refused when read and deleted by a sweep that each process runs, off the
 *   request path, at most every 10 minutes when it creates a session.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#src/db/client';
import { sweepHandOffs } from './hand-off-token';
import { authSessions, users } from './tables';
import type { User } from './user-repo';

export const SESSION_TTL_DAYS = 30;
const ttl = sql`(${SESSION_TTL_DAYS}::int * interval '1 day')`;
/** Renew once the session has been running a day since its start or last renewal. */
const renewWhenLeft = sql`(${SESSION_TTL_DAYS - 1}::int * interval '1 day')`;

const SWEEP_EVERY_MS = 10 * 60 * 1000;

/** The session with this token, if it has not expired. */
function live(token: string) {
  return and(eq(authSessions.id, sessionId(token)), sql`${authSessions.expiresAt} > now()`);
}

export type NewSession = { token: string; expiresAt: Date };

/** A live session: its user, and the new expiry when this read renewed it (the cookie must follow). */
export type FoundSession = { user: User; renewedUntil: Date | undefined };

export function sessionId(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export type SessionStore = {
  create(userId: string): Promise<NewSession>;
  /** The session's user, renewing it when due; undefined when unknown or expired. */
  read(token: string, options?: { renew?: boolean }): Promise<FoundSession | undefined>;
  delete(token: string): Promise<void>;
  /** Ends every session of the user (e.g. when their sign-in methods change). */
  deleteAllOf(userId: string): Promise<void>;
  /** Deletes expired sessions; returns how many. */
  sweep(): Promise<number>;
};

export function createSessionStore({
  db,
  logger,
}: {
  db: Database;
  logger?: Pick<FastifyBaseLogger, 'warn'>;
}): SessionStore {
  let lastSweep = 0;

  const sweep = async (): Promise<number> => {
    // Hand-off tokens die with their session (cascade); those that merely expired go here.
    await sweepHandOffs(db);
    const deleted = await db
      .delete(authSessions)
      .where(sql`${authSessions.expiresAt} <= now()`)
      .returning({ id: authSessions.id });
    return deleted.length;
  };

  return {
    async create(userId) {
      const token = randomBytes(32).toString('base64url');
      const [row] = await db
        .insert(authSessions)
        .values({ id: sessionId(token), userId, expiresAt: sql`now() + ${ttl}` })
        .returning({ expiresAt: authSessions.expiresAt });
      if (!row) throw new Error('the session was not stored');
      if (Date.now() - lastSweep >= SWEEP_EVERY_MS) {
        lastSweep = Date.now();
        sweep().catch((error: unknown) => logger?.warn({ err: error }, 'could not delete expired sessions'));
      }
      return { token, expiresAt: row.expiresAt };
    },

    async read(token, { renew = true } = {}) {
      const [row] = await db
        .select({ user: users, due: sql<boolean>`${authSessions.expiresAt} < now() + ${renewWhenLeft}` })
        .from(authSessions)
        .innerJoin(users, eq(users.id, authSessions.userId))
        .where(live(token));
      if (!row) return undefined;
      if (!renew || !row.due) return { user: row.user, renewedUntil: undefined };
      // Guarded again: a session that ended (logout, expiry) since the read above stays ended.
      const [renewed] = await db
        .update(authSessions)
        .set({ expiresAt: sql`now() + ${ttl}` })
        .where(live(token))
        .returning({ expiresAt: authSessions.expiresAt });
      return renewed ? { user: row.user, renewedUntil: renewed.expiresAt } : undefined;
    },

    async delete(token) {
      await db.delete(authSessions).where(eq(authSessions.id, sessionId(token)));
    },

    async deleteAllOf(userId) {
      await db.delete(authSessions).where(eq(authSessions.userId, userId));
    },

    sweep,
  };
}
