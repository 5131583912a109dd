/**
 * Stores an event registration (issue 5): the registration, its registrants and the confirmation
 * e-mail in ONE transaction, under the attempt's Idempotency-Key.
 *
 * All or nothing, the mail included: unlike a payment, nothing irreversible has happened yet, so a
 * confirmation that cannot be queued fails the registration and the visitor simply submits again;
 * no one is ever registered without being told so. The same key with the same registrants (a double
 * click, a retry after a lost answer) gets the first answer back; with other registrants, 422.
 */
import { formatRegistrationNumber, type Registrant, type RegistrationResponse } from '@store/shared/registration';
import type { Site } from '@store/shared/site';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { canonicalHash } from '../../lib/canonical-json';
import { queueMail } from '../mail/outbox';
import { renderConfirmation } from './confirmation';
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
  site: Pick<Site, 'foundation' | 'event'>;
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
  };
}

/** What a request gets when its key already has a registration. */
function answerExisting(existing: RegistrationWithCount, hash: string): RegisterForEventResult {
  if (existing.registration.requestHash !== hash) throw registrationKeyReused();
  return { status: 200, answer: answerFor(existing.registration, existing.registrantCount), replayed: true };
}

export async function registerForEvent(input: RegisterForEventInput): Promise<RegisterForEventResult> {
  const { db, site, logger, body, idempotencyKey, clientIp, userId = null } = input;
  // The validated body, so formatting, key order and hidden fields of the other age group do not matter.
  const hash = canonicalHash(body);
  const earlier = await findRegistrationByKey(db, idempotencyKey);
  if (earlier) return answerExisting(earlier, hash);

  const [first] = body.registrants;
  if (!first) throw new Error('registerForEvent needs at least one registrant (the schema requires one)');

  const stored = await db.transaction(async (tx) => {
    const registration = await insertRegistration(tx, {
      idempotencyKey,
      requestHash: hash,
      email: first.email,
      userId,
      clientIp,
    });
    // Another request with this key got there first (between our read and our insert).
    if (!registration) return null;
    const people = await insertRegistrants(tx, registration.id, body.registrants);
    await queueMail(tx, renderConfirmation({ registration, registrants: people, site }));
    return { registration, registrantCount: people.length };
  });

  if (!stored) {
    // The winner's transaction has committed by now: the insert waited for it before giving way.
    const winner = await findRegistrationByKey(db, idempotencyKey);
    if (!winner) throw new Error('Idempotency-Key conflict without a registration');
    return answerExisting(winner, hash);
  }
  logger.info(
    { registrationId: stored.registration.id, number: stored.registration.number, registrants: stored.registrantCount },
    'event registration stored',
  );
  return { status: 201, answer: answerFor(stored.registration, stored.registrantCount), replayed: false };
}
