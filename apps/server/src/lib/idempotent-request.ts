/**
 * One request under an Idempotency-Key (DESIGN.md "Money and orders"): the first request with a key
 * does the work; any later one with the same key and the same body gets the first answer again
 * (replayed: the route adds `Idempotent-Replayed: true`), with another body a 422, and while the
 * first is still running a 409. The checkout, event registrations, and later refunds and monthly
 * charges answer repeats this way.
 *
 * The database decides who owns a key: `claimAndRun` inserts the key's row under a unique
 * constraint (`on conflict do nothing`), so of many simultaneous requests with one key exactly one
 * inserts it and does the work; the others find its row with `findStored`. No lock is held here and
 * nothing is read before the claim unless the flow asks for it (`lookFirst`), so a new key costs the
 * flow's own statements and nothing more.
 */

/** The header a replayed answer carries (`Idempotent-Replayed: true`); the routes set it. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

/** What a flow stored under a key: the first request's fingerprint and, once it has one, its answer. */
export type StoredAttempt<Answer> = {
  requestHash: string;
  /** Null while the first request is still running (e.g. waiting on the payment gateway). */
  answer: Answer | null;
};

export type IdempotentResult<Answer> = {
  answer: Answer;
  /** True when this is the stored answer to an earlier request with the same key. */
  replayed: boolean;
};

/** How a flow tells a repeat from a retry, and what it answers when the repeat is refused. */
export type IdempotencyRules = {
  /** The fingerprint of this request's body (lib/canonical-json.ts `canonicalHash`). */
  requestHash: string;
  /** The key came with another body: a client bug or tampering (422 `idempotency_key_reused`). */
  keyReused: () => Error;
  /**
   * The first request with the key has not answered yet (409). A flow whose first request stores its
   * row and its answer in one transaction never sees one without an answer.
   */
  inProgress: () => Error;
};

/** `claimAndRun`'s answer when another request holds the key already. */
export const KEY_TAKEN: unique symbol = Symbol('idempotency key taken');

export type IdempotentRequest<Answer> = IdempotencyRules & {
  /**
   * Claims the key (inserts its row, or nothing when the key is taken) and, if claimed, does the
   * work and returns its answer; KEY_TAKEN otherwise. It may throw to refuse the request.
   */
  claimAndRun: () => Promise<Answer | typeof KEY_TAKEN>;
  /**
   * The attempt stored under the key, or null when there is none (any more). Asked after a claim
   * found the key taken, and first with `lookFirst`. It may throw to refuse the request (the
   * checkout's card-testing limit, which is asked after a replay so a replay is never refused).
   */
  findStored: () => Promise<StoredAttempt<Answer> | null>;
  /**
   * Look for a stored attempt before claiming: for a flow whose claim is costly (a transaction),
   * so that a repeat does not pay for it. The checkout claims first: a new key is its common case.
   */
  lookFirst?: boolean;
};

/** The answer for a key that has a stored attempt: replayed, or refused (422, 409). */
export function replayStored<Answer>(stored: StoredAttempt<Answer>, rules: IdempotencyRules): IdempotentResult<Answer> {
  if (stored.requestHash !== rules.requestHash) throw rules.keyReused();
  if (stored.answer === null) throw rules.inProgress();
  return { answer: stored.answer, replayed: true };
}

/**
 * Runs the request once per key. The claim is tried at most twice: when it finds the key taken but
 * no attempt is stored any more (the row vanished, or a condition of the claim, such as the card
 * testing limit's window, changed in between), once more; a third time would mean a bug.
 */
export async function idempotentRequest<Answer>(request: IdempotentRequest<Answer>): Promise<IdempotentResult<Answer>> {
  if (request.lookFirst) {
    const stored = await request.findStored();
    if (stored) return replayStored(stored, request);
  }
  for (let attempt = 1; attempt <= 2; attempt += 1) {
    const answer = await request.claimAndRun();
    if (answer !== KEY_TAKEN) return { answer, replayed: false };
    const stored = await request.findStored();
    if (stored) return replayStored(stored, request);
  }
  throw new Error('Idempotency-Key taken, but no attempt is stored under it');
}
