/**
 * Stores an event registration (issue 5): the registration, its registrants, its places in the
 * chosen session, their tickets and the confirmation e-mail in ONE transaction, under the attempt's
 * Idempotency-Key.
 *
 * All or nothing, the places and the mail included: every registrant gets a place (and a ticket), or
 * with `ifFull: 'waitlist'` the whole family joins the session's waiting line, or with 'refuse' the
 * 409 `not_enough_places` says how many places are left and NOTHING is stored, the key included, so
 * the family may submit again with another session or with 'waitlist'. Places are taken by one
 * guarded UPDATE (event-sessions/places.ts), so two processes racing for the last place cannot both
 * win, and a failure before the commit gives the places back with everything else.
 *
 * The confirmation is not queued once the address has had its day's confirmations
 * (confirmation-limit.ts); the answer says so. The same key with the same body (a double click, a
 * retry after a lost answer) gets the answer again, made from the rows; with another body, 422.
 */
import { placeCountsOf } from '@store/shared/event-sessions';
import type { Locale } from '@store/shared/i18n/locales';
import type { Registrant, RegistrationResponse } from '@store/shared/registration';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#src/db/client';
import { canonicalHash } from '#src/lib/canonical-json';
import { faultPoint } from '#src/lib/fault-point';
import { type IdempotencyRules, idempotentRequest, KEY_TAKEN, type StoredAttempt } from '#src/lib/idempotent-request';
import { findSession } from '#src/modules/event-sessions/find-session';
import { takePlaces } from '#src/modules/event-sessions/places';
import { queueMail } from '#src/modules/mail/outbox';
import type { SiteSource } from '#src/site/site-source';
import { CONFIRMATION_KIND } from './confirmation-kind';
import { mayMailConfirmation } from './confirmation-limit';
import { registrationAnswer } from './registration-answer';
import { registrationKeyReused } from './registration-errors';
import { findRegistrationByKey, insertRegistrants, insertRegistration, markWaiting } from './registration-repo';
import { notEnoughPlaces, openSessionOrThrow } from './session-choice';
import { issueTickets } from './ticket-rows';

export type RegisterForEventInput = {
  db: Database;
  /** The centers as staff edit them: the answer names the session's center. */
  siteSource: SiteSource;
  logger: Pick<FastifyBaseLogger, 'info'>;
  /** Validated by registrationRequestSchema: trimmed, unknown keys dropped, the other age group's fields ''. */
  body: { sessionId: number; ifFull: 'refuse' | 'waitlist'; registrants: Registrant[] };
  idempotencyKey: string;
  clientIp: string | null;
  /** The signed-in visitor, if any: the registration is linked to the account. */
  userId?: string | null;
  /** The request's language, kept on the registration for its mails; unset, English. */
  locale?: Locale | undefined;
  now?: Date;
};

export type RegisterForEventResult = {
  /** 201 stored now; 200 the stored answer to an earlier request with this key. */
  status: 200 | 201;
  answer: RegistrationResponse;
  replayed: boolean;
};

export async function registerForEvent(input: RegisterForEventInput): Promise<RegisterForEventResult> {
  const {
    db,
    siteSource,
    logger,
    body,
    idempotencyKey,
    clientIp,
    userId = null,
    locale = 'en',
    now = new Date(),
  } = input;
  const [first] = body.registrants;
  const rules: IdempotencyRules = {
    // The validated body, so formatting, key order and hidden fields of the other age group do not matter.
    requestHash: canonicalHash(body),
    keyReused: registrationKeyReused,
    // Never thrown: the registration and its answer are one transaction, so a stored one is complete.
    inProgress: () => new Error('a registration is stored whole or not at all'),
  };
  const { site } = await siteSource.current();
  const result = await idempotentRequest<RegistrationResponse>({
    ...rules,
    // A repeat is answered before a transaction is opened for it.
    lookFirst: true,
    findStored: async (): Promise<StoredAttempt<RegistrationResponse> | null> => {
      const registration = await findRegistrationByKey(db, idempotencyKey);
      if (!registration) return null;
      // Another body under this key is refused before anything is read for the answer.
      if (registration.requestHash !== rules.requestHash)
        return { requestHash: registration.requestHash, answer: null };
      const session = registration.sessionId === null ? null : await findSession(db, registration.sessionId);
      if (!session) throw new Error(`registration ${registration.id} has no session`);
      return {
        requestHash: registration.requestHash,
        answer: await registrationAnswer(db, { registration, session, site }),
      };
    },
    claimAndRun: async () => {
      if (!first) throw new Error('registerForEvent needs at least one registrant (the schema requires one)');
      const stored = await db.transaction(async (tx) => {
        // Before the registration row, which names the session: an unknown one is a field to fix.
        const session = await openSessionOrThrow(tx, body.sessionId, now);
        const confirmationEmailed = await mayMailConfirmation(tx, { email: first.email, clientIp });
        let registration = await insertRegistration(tx, {
          idempotencyKey,
          requestHash: rules.requestHash,
          email: first.email,
          userId,
          clientIp,
          confirmationEmailed,
          sessionId: body.sessionId,
          locale,
        });
        // Another request with this key got there first (between our read and our insert). Its
        // transaction has committed by the time findStored reads it: the insert waited for it.
        if (!registration) return null;
        const people = await insertRegistrants(tx, registration.id, body.registrants);
        // By reference: the worker writes the confirmation from these rows when it sends it.
        // Not when the address has had its confirmations for the day (confirmation-limit.ts).
        if (registration.confirmationEmailed)
          await queueMail(tx, { kind: CONFIRMATION_KIND, subjectId: registration.id });
        // Places last: the session's row stays locked from here to the commit, and every family
        // registering for that session waits on it, so only what needs the outcome comes after.
        const counts = placeCountsOf(body.registrants);
        if (await takePlaces(tx, session.id, counts)) {
          await issueTickets(
            tx,
            session.id,
            people.map((p) => p.id),
          );
        } else if (body.ifFull === 'waitlist') {
          registration = await markWaiting(tx, registration.id);
        } else {
          // Thrown, so the transaction rolls back: no registration, and the key stays unspent.
          throw await notEnoughPlaces(tx, session.id, counts);
        }
        // Places taken, nothing committed yet: a crash here must give every place back.
        faultPoint('registration.after-places');
        return { registration, session };
      });
      if (!stored) return KEY_TAKEN;
      // Read once committed, outside the session's lock.
      const answer = await registrationAnswer(db, { ...stored, site });
      logger.info(
        {
          registrationNumber: answer.registrationNumber,
          sessionId: answer.session.id,
          status: answer.status,
          registrants: answer.registrants,
          confirmationEmailed: answer.confirmationEmailed,
        },
        'event registration stored',
      );
      return answer;
    },
  });
  return { status: result.replayed ? 200 : 201, answer: result.answer, replayed: result.replayed };
}
