import { createHmac } from 'node:crypto';
import type { AltchaChallenge } from '@store/shared/altcha-challenge';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLogger } from '#src/logger';
import { altchaToken, solveAltcha, solvedAltchaToken } from '../../../test/solve-altcha';
import { createTestDb, describeWithDb, type TestDb } from '../../../test/test-db';
import {
  ALTCHA_DIFFICULTY,
  ALTCHA_TTL_MS,
  type AltchaKeys,
  altchaKeys,
  createAltchaChallenge,
  createAltchaVerifier,
} from './altcha';
import { CAPTCHA_MESSAGES } from './captcha-errors';
import type { CaptchaCheck, CaptchaVerifier } from './captcha-verifier';
import { markSolutionSpent, purgeExpiredSolutions } from './spent-solutions';

/** Quick to solve; the real difficulty is solved in routes.test.ts. */
const EASY = { ...ALTCHA_DIFFICULTY, counterMin: 1, counterMax: 20 };

describeWithDb('ALTCHA verifier', () => {
  let testDb: TestDb;
  let keys: AltchaKeys;
  let verifier: CaptchaVerifier;
  beforeAll(async () => {
    testDb = await createTestDb();
    keys = altchaKeys('altcha-test-session-secret-0123456789');
    verifier = createAltchaVerifier({ db: testDb.db, keys, logger: createLogger('silent') });
  });
  afterAll(() => testDb?.close());

  const challenge = (now?: number) => createAltchaChallenge({ keys, difficulty: EASY, ...(now ? { now } : {}) });
  const check = (token: string | undefined, action = 'checkout'): CaptchaCheck => ({
    token,
    action,
    expectedAction: 'checkout',
    remoteIp: '127.0.0.1',
  });
  const refusal = (message: string) => ({ code: 'captcha_failed', status: 403, message });

  it('signs challenges that expire in ten minutes, with a key derived from the session secret', async () => {
    const made = await challenge();
    expect(made.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: ALTCHA_DIFFICULTY.cost, keyLength: 32 });
    expect(made.parameters.keySignature).toMatch(/^[0-9a-f]{64}$/);
    expect(made.parameters.expiresAt).toBeCloseTo((Date.now() + ALTCHA_TTL_MS) / 1000, -1);
    expect(keys.hmacSignatureSecret).not.toContain('altcha-test-session-secret');
    expect(keys.hmacSignatureSecret).not.toBe(keys.hmacKeySignatureSecret);
    expect(altchaKeys('another-session-secret-0123456789abc')).not.toEqual(keys);
  });

  it('accepts a solved challenge once, then refuses the same solution as a replay', async () => {
    const token = await solvedAltchaToken(await challenge());
    await expect(verifier.verify(check(token))).resolves.toBeUndefined();
    await expect(verifier.verify(check(token))).rejects.toMatchObject(refusal(CAPTCHA_MESSAGES.replayed));
  });

  it('lets exactly one of two simultaneous uses of a solution through', async () => {
    const token = await solvedAltchaToken(await challenge());
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => verifier.verify(check(token))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected')) {
      expect(r.reason).toMatchObject(refusal(CAPTCHA_MESSAGES.replayed));
    }
  });

  it('refuses an expired challenge', async () => {
    const token = await solvedAltchaToken(await challenge(Date.now() - ALTCHA_TTL_MS - 1_000));
    await expect(verifier.verify(check(token))).rejects.toMatchObject(refusal(CAPTCHA_MESSAGES.expired));
  });

  it('refuses tampered signatures, parameters and solutions', async () => {
    const made = await challenge();
    const solution = await solveAltcha(made);
    const flip = (hex: string) => (hex[0] === '0' ? '1' : '0') + hex.slice(1);
    const tampered: [AltchaChallenge, typeof solution][] = [
      [{ ...made, signature: flip(made.signature) }, solution],
      // Cheaper work or a later expiry, keeping the old signature.
      [{ ...made, parameters: { ...made.parameters, cost: 1 } }, solution],
      [{ ...made, parameters: { ...made.parameters, expiresAt: (made.parameters.expiresAt ?? 0) + 3600 } }, solution],
      [made, { ...solution, derivedKey: flip(solution.derivedKey) }],
      [made, { ...solution, derivedKey: 'abc' }],
    ];
    for (const [c, s] of tampered) {
      await expect(verifier.verify(check(altchaToken(c, s)))).rejects.toMatchObject(refusal(CAPTCHA_MESSAGES.failed));
    }
    // The untouched pair still works: the refusals above did not spend it. (The counter is not
    // checked: the derived key, signed by the server, is the proof. Another counter is the same solution.)
    await expect(
      verifier.verify(check(altchaToken(made, { ...solution, counter: solution.counter + 1 }))),
    ).resolves.toBeUndefined();
    await expect(verifier.verify(check(altchaToken(made, solution)))).rejects.toMatchObject(
      refusal(CAPTCHA_MESSAGES.replayed),
    );
  });

  it('refuses a challenge signed with another secret', async () => {
    const other = altchaKeys('someone-elses-secret-0123456789abcdef');
    const token = await solvedAltchaToken(await createAltchaChallenge({ keys: other, difficulty: EASY }));
    await expect(verifier.verify(check(token))).rejects.toMatchObject(refusal(CAPTCHA_MESSAGES.failed));
  });

  it('refuses tokens that are not ALTCHA payloads', async () => {
    const base64 = (text: string) => Buffer.from(text).toString('base64');
    for (const token of ['off', 'not base64 !', base64('{"challenge":1}'), base64('[]'), 'x'.repeat(10_000)]) {
      await expect(verifier.verify(check(token))).rejects.toMatchObject(refusal(CAPTCHA_MESSAGES.failed));
    }
  });

  it('refuses a missing token and a token claimed for another action, without spending it', async () => {
    for (const token of [undefined, '', '  ']) {
      await expect(verifier.verify(check(token))).rejects.toMatchObject(refusal(CAPTCHA_MESSAGES.missing));
    }
    const token = await solvedAltchaToken(await challenge());
    for (const action of ['payment_token', 'registration', '', 'CHECKOUT']) {
      await expect(verifier.verify(check(token, action))).rejects.toMatchObject(refusal(CAPTCHA_MESSAGES.wrongAction));
    }
    await expect(verifier.verify(check(token))).resolves.toBeUndefined();
  });

  it('purges spent solutions once their challenge has expired', async () => {
    const now = Date.now();
    const signature = (label: string) => createHmac('sha256', 'purge-test').update(label).digest('hex');
    expect(await markSolutionSpent(testDb.db, signature('old'), new Date(now - 1_000))).toBe(true);
    expect(await markSolutionSpent(testDb.db, signature('live'), new Date(now + 60_000))).toBe(true);
    expect(await purgeExpiredSolutions(testDb.db, new Date(now))).toBeGreaterThanOrEqual(1);
    // The live one is still spent; the purged one could be inserted again.
    expect(await markSolutionSpent(testDb.db, signature('live'), new Date(now + 60_000))).toBe(false);
    expect(await markSolutionSpent(testDb.db, signature('old'), new Date(now - 1_000))).toBe(true);
  });
});
