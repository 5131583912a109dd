/**
 * Stores an event registration (issue 5): the registration, its registrants and the confirmation
 * e-mail in ONE transaction, under the attempt's Idempotency-Key.
 *
 * All or nothing, the mail included: unlike a payment, nothing irreversible has happened yet, so a
 * confirmation that cannot be queued fails the registration and the visitor simply submits again;
 * no one is ever registered without being told so. The confirmation is not queued once the address
 * has had its day's confirmations (confirmation-limit.ts); the answer says so. The same key with the same registrants (a double
 * click, a retry after a lost answer) gets the first answer back; with other registrants, 422.
 */
import { formatRegistrationNumber, type Registrant, type RegistrationResponse } from '@store/shared/registration';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#src/db/client';
import { canonicalHash } from '#src/lib/canonical-json';
import { type IdempotencyRules, idempotentRequest, KEY_TAKEN, type StoredAttempt } from '#src/lib/idempotent-request';
import { queueMail } from '#src/modules/mail/outbox';
import { CONFIRMATION_KIND } from './confirmation-kind';
import { mayMailConfirmation } from './confirmation-limit';
import { registrationKeyReused } from './registration-errors';
import {
  findRegistrationByKey,
  insertRegistrants,
  insertRegistration,
  type Registration,
  type RegistrationWithCount,
} from './registration-repo';

export type RegisterForEventInput = {
  db: Database;
  logger: Pick<FastifyBaseLogger, 'info'>;
  /** Validated by registrationRequestSchema: trimmed, unknown keys dropped, the other age group's fields ''. */
  body: { registrants: Registrant[] };
  idempotencyKey: string;
  clientIp: string | null;
  /** The signed-in visitor, if any: the registration is linked to the account. */
  userId?: string | null;
};

export type RegisterForEventResult = {
  /** 201 stored now; 200 the stored answer to an earlier request with this key. */
  status: 200 | 201;
  answer: RegistrationResponse;
  replayed: boolean;
};

function answerFor(registration: Registration, registrantCount: number): RegistrationResponse {
  return {
    registrationNumber: formatRegistrationNumber(registration.number),
    registrants: registrantCount,
    email: registration.email,
    confirmationEmailed: registration.confirmationEmailed,
  };
}

/** A registration is its key's stored attempt; its answer is made from the rows, never stored apart. */
function storedAttempt(stored: RegistrationWithCount | null): StoredAttempt<RegistrationResponse> | null {
  if (!stored) return null;
  return {
    requestHash: stored.registration.requestHash,
    answer: answerFor(stored.registration, stored.registrantCount),
  };
}

export async function registerForEvent(input: RegisterForEventInput): Promise<RegisterForEventResult> {
  const { db, logger, body, idempotencyKey, clientIp, userId = null } = input;
  const [first] = body.registrants;
  const rules: IdempotencyRules = {
    // The validated body, so formatting, key order and hidden fields of the other age group do not matter.
    requestHash: canonicalHash(body),
    keyReused: registrationKeyReused,
    // Never thrown: the registration and its answer are one transaction, so a stored one is complete.
    inProgress: () => new Error('a registration is stored whole or not at all'),
  };
  const result = await idempotentRequest<RegistrationResponse>({
    ...rules,
    // A repeat is answered before a transaction is opened for it.
    lookFirst: true,
    findStored: async () => storedAttempt(await findRegistrationByKey(db, idempotencyKey)),
    claimAndRun: async () => {
      if (!first) throw new Error('registerForEvent needs at least one registrant (the schema requires one)');
      const stored = await db.transaction(async (tx) => {
        const confirmationEmailed = await mayMailConfirmation(tx, { email: first.email, clientIp });
        const registration = await insertRegistration(tx, {
          idempotencyKey,
          requestHash: rules.requestHash,
          email: first.email,
          userId,
          clientIp,
          confirmationEmailed,
        });
        // Another request with this key got there first (between our read and our insert). Its
        // transaction has committed by the time findStored reads it: the insert waited for it.
        if (!registration) return null;
        const people = await insertRegistrants(tx, registration.id, body.registrants);
        // By reference: the worker writes the confirmation from these rows when it sends it.
        // Not when the address has had its confirmations for the day (confirmation-limit.ts).
        if (registration.confirmationEmailed)
          await queueMail(tx, { kind: CONFIRMATION_KIND, subjectId: registration.id });
        return { registration, registrantCount: people.length };
      });
      if (!stored) return KEY_TAKEN;
      logger.info(
        {
          registrationId: stored.registration.id,
          number: stored.registration.number,
          registrants: stored.registrantCount,
          confirmationEmailed: stored.registration.confirmationEmailed,
        },
        'event registration stored',
      );
      return answerFor(stored.registration, stored.registrantCount);
    },
  });
  return { status: result.replayed ? 200 : 201, answer: result.answer, replayed: result.replayed };
}
