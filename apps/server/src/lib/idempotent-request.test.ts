import { describe, expect, it } from 'vitest';
import { type IdempotentRequest, idempotentRequest, KEY_TAKEN, type StoredAttempt } from './idempotent-request';

class KeyReused extends Error {}
class InProgress extends Error {}

/** One key's row, as a unique constraint keeps it: the first claim wins. */
function keyStore() {
  let stored: StoredAttempt<string> | null = null;
  let runs = 0;
  const request = (hash: string, overrides: Partial<IdempotentRequest<string>> = {}): IdempotentRequest<string> => ({
    requestHash: hash,
    keyReused: () => new KeyReused(),
    inProgress: () => new InProgress(),
    claimAndRun: async () => {
      if (stored) return KEY_TAKEN;
      stored = { requestHash: hash, answer: null };
      runs += 1;
      // Another request may look while this one runs.
      await new Promise((resolve) => setTimeout(resolve, 5));
      stored = { requestHash: hash, answer: `answer for ${hash}` };
      return stored.answer ?? '';
    },
    findStored: async () => stored,
    ...overrides,
  });
  return { request, runs: () => runs };
}

describe('idempotentRequest', () => {
  it('runs the first request, replays the same body, refuses another body', async () => {
    const key = keyStore();
    expect(await idempotentRequest(key.request('h1'))).toEqual({ answer: 'answer for h1', replayed: false });
    expect(await idempotentRequest(key.request('h1'))).toEqual({ answer: 'answer for h1', replayed: true });
    await expect(idempotentRequest(key.request('h2'))).rejects.toBeInstanceOf(KeyReused);
    expect(key.runs()).toBe(1);
  });

  it('answers in progress while the first request has no answer yet', async () => {
    const key = keyStore();
    const first = idempotentRequest(key.request('h1'));
    await expect(idempotentRequest(key.request('h1'))).rejects.toBeInstanceOf(InProgress);
    await first;
    expect(key.runs()).toBe(1);
  });

  it('looks first when asked, and does not claim for a repeat', async () => {
    const key = keyStore();
    await idempotentRequest(key.request('h1'));
    let claims = 0;
    const result = await idempotentRequest(
      key.request('h1', {
        lookFirst: true,
        claimAndRun: async () => {
          claims += 1;
          return KEY_TAKEN;
        },
      }),
    );
    expect(result.replayed).toBe(true);
    expect(claims).toBe(0);
  });

  it('claims once more when the key was taken but nothing is stored, and gives up after that', async () => {
    let claims = 0;
    const base = keyStore().request('h1');
    const once = await idempotentRequest({
      ...base,
      claimAndRun: async () => (++claims === 1 ? KEY_TAKEN : 'second try'),
      findStored: async () => null,
    });
    expect(once).toEqual({ answer: 'second try', replayed: false });
    await expect(
      idempotentRequest({ ...base, claimAndRun: async () => KEY_TAKEN, findStored: async () => null }),
    ).rejects.toThrow('no attempt is stored');
  });

  it('lets findStored refuse the request (the checkout’s card-testing limit)', async () => {
    const base = keyStore().request('h1');
    const refusal = new Error('429');
    await expect(
      idempotentRequest({
        ...base,
        claimAndRun: async () => KEY_TAKEN,
        findStored: async () => {
          throw refusal;
        },
      }),
    ).rejects.toBe(refusal);
  });
});
