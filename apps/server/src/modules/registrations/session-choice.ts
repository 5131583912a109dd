/**
 * The session a registration names, checked and its places taken in the registration's transaction.
 * A session that does not exist, is archived or has started is a field to fix (400 sessionId); a
 * family larger than the places left is refused whole (409 not_enough_places) unless it asked to wait.
 */
import { eventSessionTexts, type PlaceCounts } from '@store/shared/event-sessions';
import type { Database } from '#src/db/client';
import { AppError } from '#src/errors/app-error';
import { serverI18n } from '#src/i18n/server-i18n';
import { findSession, isOpenSession } from '#src/modules/event-sessions/find-session';
import { placesLeftOf } from '#src/modules/event-sessions/places';
import type { EventSession } from '#src/modules/event-sessions/tables';

type Executor = Pick<Database, 'select' | 'update'>;

const SESSION_CLOSED = 'This session is not open for registration. Please choose another session.';

/** The session, open now; else a 400 naming sessionId (nothing is stored: the caller's transaction rolls back). */
export async function openSessionOrThrow(tx: Executor, sessionId: number, now: Date): Promise<EventSession> {
  const session = await findSession(tx, sessionId);
  if (!session) {
    throw new AppError('validation_error', 'sessionId: no such session', {
      fields: { sessionId: 'This session does not exist. Please choose another session.' },
    });
  }
  if (!isOpenSession(session, now)) {
    throw new AppError('validation_error', `sessionId: ${SESSION_CLOSED}`, { fields: { sessionId: SESSION_CLOSED } });
  }
  return session;
}

/**
 * The 409 for a family the places cannot hold, saying how many are left of what ran short: the
 * session's places, or a capped category's. Read in the transaction that failed to take them.
 */
export async function notEnoughPlaces(tx: Executor, sessionId: number, counts: PlaceCounts): Promise<AppError> {
  const session = await findSession(tx, sessionId);
  // Archived between the check and the take: the same refusal as a closed session.
  if (!session || session.archived) {
    return new AppError('validation_error', `sessionId: ${SESSION_CLOSED}`, { fields: { sessionId: SESSION_CLOSED } });
  }
  const left = placesLeftOf(session);
  let [shortOf, wanted] = [left.placesLeft, counts.people];
  if (left.placesLeft >= counts.people) {
    if (left.memorization !== null && left.memorization < counts.memorization)
      [shortOf, wanted] = [left.memorization, counts.memorization];
    else if (left.fluentReading !== null && left.fluentReading < counts.fluentReading)
      [shortOf, wanted] = [left.fluentReading, counts.fluentReading];
  }
  const message = serverI18n('en')._(eventSessionTexts.notEnoughPlaces, { left: shortOf, wanted });
  return new AppError('not_enough_places', message, { fields: { sessionId: message } });
}
