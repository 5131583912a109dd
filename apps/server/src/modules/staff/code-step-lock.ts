/**
 * The lock on a member's code step: after CODE_STEP_LIMIT wrong codes (authenticator or recovery
 * codes) within CODE_STEP_WINDOW_SECONDS, every further code for that member is refused with 429,
 * the right one too, from every address, until the window (which starts at the first wrong code)
 * has passed or an owner unlocks it. Whoever reaches the code step already has the password, so
 * counting per address would let one spread over many addresses keep guessing six digits.
 *
 * - An attempt takes its place in the count BEFORE its code is checked, in one statement (INSERT ...
 *   ON CONFLICT DO UPDATE ... WHERE the count is below the limit ... RETURNING): thirty codes sent
 *   at once, to any number of processes on one database, get at most ten checks.
 * - A right code deletes the count: the member is in, and only someone holding a code can do that.
 * - A process that dies between the place and the check leaves the place counted as a wrong code.
 * - Time is the database's, like the password limit's.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { AppError } from '#src/errors/app-error';
import { staffCodeGuesses } from './tables';

export const CODE_STEP_LIMIT = 10;
export const CODE_STEP_WINDOW_SECONDS = 15 * 60;

const WINDOW = sql.raw(`interval '${CODE_STEP_WINDOW_SECONDS} seconds'`);

/** 429: the member's code step is locked; the route sends `retryAfterSeconds` as Retry-After. */
export class CodeStepLockedError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(
      'rate_limited',
      `Two-factor sign-in to this account is paused after ${CODE_STEP_LIMIT} wrong codes. ` +
        `Please wait ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}, or ask an owner to unlock it.`,
    );
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** A counted attempt: `wrongCodes` counts it; `windowStartedAt` names the window (the lock's e-mail is one per window). */
export type CodeStepPlace = { wrongCodes: number; windowStartedAt: Date; locksNow: boolean };

/** Counts an attempt before its code is checked, or throws CodeStepLockedError (counting nothing). */
export async function takeCodeStepPlace(db: Database, adminId: string): Promise<CodeStepPlace> {
  const expired = sql`${staffCodeGuesses.windowStartedAt} <= now() - ${WINDOW}`;
  const [place] = await db
    .insert(staffCodeGuesses)
    .values({ adminId, windowStartedAt: sql`now()`, wrongCodes: 1 })
    .onConflictDoUpdate({
      target: staffCodeGuesses.adminId,
      set: {
        windowStartedAt: sql`case when ${expired} then now() else ${staffCodeGuesses.windowStartedAt} end`,
        wrongCodes: sql`case when ${expired} then 1 else ${staffCodeGuesses.wrongCodes} + 1 end`,
      },
      setWhere: sql`${expired} or ${staffCodeGuesses.wrongCodes} < ${CODE_STEP_LIMIT}`,
    })
    .returning({ wrongCodes: staffCodeGuesses.wrongCodes, windowStartedAt: staffCodeGuesses.windowStartedAt });
  if (place) return { ...place, locksNow: place.wrongCodes === CODE_STEP_LIMIT };
  throw new CodeStepLockedError((await lockedForSeconds(db, adminId)) ?? 1);
}

/** After a right code: the count starts again. */
export async function clearCodeStepCount(db: Pick<Database, 'delete'>, adminId: string): Promise<void> {
  await db.delete(staffCodeGuesses).where(eq(staffCodeGuesses.adminId, adminId));
}

const isLocked = sql`(${staffCodeGuesses.wrongCodes} >= ${CODE_STEP_LIMIT} and ${staffCodeGuesses.windowStartedAt} > now() - ${WINDOW})`;

/** When a locked code step opens again (null when it is not locked), for a query that joins staff_code_guesses. */
export const codeStepLockedUntil = sql<
  Date | string | null
>`case when ${isLocked} then ${staffCodeGuesses.windowStartedAt} + ${WINDOW} end`;

/** Seconds until the member's code step opens again, or undefined when it is not locked. */
export async function lockedForSeconds(db: Pick<Database, 'select'>, adminId: string): Promise<number | undefined> {
  const [row] = await db
    .select({
      seconds: sql<number>`ceil(extract(epoch from (${staffCodeGuesses.windowStartedAt} + ${WINDOW} - now())))::int`,
    })
    .from(staffCodeGuesses)
    .where(and(eq(staffCodeGuesses.adminId, adminId), isLocked));
  return row === undefined ? undefined : Math.max(1, Number(row.seconds));
}

/** The owner's reset: the count starts again. True when the member's code step was locked. */
export async function resetCodeStep(db: Pick<Database, 'delete'>, adminId: string): Promise<boolean> {
  const deleted = await db
    .delete(staffCodeGuesses)
    .where(eq(staffCodeGuesses.adminId, adminId))
    .returning({ locked: sql<boolean>`${isLocked}` });
  return deleted.some((row) => row.locked === true);
}
