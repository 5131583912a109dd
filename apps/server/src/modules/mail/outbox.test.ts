import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, describeWithDb, type TestDb } from '../../../test/test-db';
import {
  CLAIM_LEASE_MS,
  claimDueMails,
  MAX_ATTEMPTS,
  type MailMessage,
  markFailed,
  markSent,
  queueMail,
  releaseMails,
  retryDelayMs,
} from './outbox';
import { mailOutbox } from './tables';

function message(subjectId: string, overrides: Partial<MailMessage> = {}): MailMessage {
  return {
    kind: 'test',
    subjectId,
    to: 'donor@example.org',
    subject: `Subject ${subjectId}`,
    html: '<p>hi</p>',
    text: 'hi',
    ...overrides,
  };
}

describe('retryDelayMs', () => {
  it('starts at 30 s, doubles, and stops at an hour', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(8)).toBe(3_600_000);
    expect(retryDelayMs(9)).toBe(3_600_000);
    expect(retryDelayMs(50)).toBe(3_600_000);
  });
});

describeWithDb('mail outbox', () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb();
  });
  afterAll(() => testDb?.close());
  beforeEach(async () => {
    await testDb.db.delete(mailOutbox);
  });

  it('queues one message per kind and subject', async () => {
    expect(await queueMail(testDb.db, message('order-1'))).toBe(true);
    expect(await queueMail(testDb.db, message('order-1', { subject: 'again' }))).toBe(false);
    expect(await queueMail(testDb.db, message('order-1', { kind: 'other' }))).toBe(true);
    const rows = await testDb.db.select().from(mailOutbox);
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.kind === 'test')?.subject).toBe('Subject order-1');
  });

  it('dedupes concurrent queues of the same message', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => queueMail(testDb.db, message('order-2'))));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await testDb.db.$count(mailOutbox)).toBe(1);
  });

  it('queues inside a transaction, and a rollback takes the message with it', async () => {
    await testDb.db.transaction(async (tx) => {
      await queueMail(tx, message('committed'));
    });
    await testDb.db
      .transaction(async (tx) => {
        await queueMail(tx, message('rolled-back'));
        throw new Error('payment write failed');
      })
      .catch(() => undefined);
    const rows = await testDb.db.select({ subjectId: mailOutbox.subjectId }).from(mailOutbox);
    expect(rows).toEqual([{ subjectId: 'committed' }]);
  });

  it('keeps header values on one line', async () => {
    await queueMail(testDb.db, message('crlf', { to: 'a@example.org\r\nBcc: x@evil.example', subject: 'Hi\r\nX: y' }));
    const [row] = await testDb.db.select().from(mailOutbox);
    expect(row?.toAddress).toBe('a@example.org Bcc: x@evil.example');
    expect(row?.subject).toBe('Hi X: y');
  });

  it('claims due messages once, oldest first, and leases them', async () => {
    // A little ahead: the rows' next_attempt_at defaults to the database's clock at insert.
    const now = new Date(Date.now() + 1_000);
    await queueMail(testDb.db, message('a'));
    await queueMail(testDb.db, message('b'));
    const first = await claimDueMails(testDb.db, { limit: 10, now });
    expect(first.map((m) => m.subjectId)).toEqual(['a', 'b']);
    expect(first[0]?.nextAttemptAt.getTime()).toBe(now.getTime() + CLAIM_LEASE_MS);
    expect(await claimDueMails(testDb.db, { limit: 10, now })).toEqual([]);
    // A worker that died while holding them: after the lease they are due again.
    const later = new Date(now.getTime() + CLAIM_LEASE_MS + 1);
    expect(await claimDueMails(testDb.db, { limit: 10, now: later })).toHaveLength(2);
  });

  it('claims a message queued in the same millisecond as the claim (the database counts microseconds)', async () => {
    await queueMail(testDb.db, message('same-millisecond'));
    // As if queued at .123456 and claimed by a worker whose clock said .123: due, not an interval later.
    await testDb.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`'2026-01-02 03:04:05.123456+00'::timestamptz` })
      .where(eq(mailOutbox.subjectId, 'same-millisecond'));
    const claimed = await claimDueMails(testDb.db, { limit: 10, now: new Date('2026-01-02T03:04:05.123Z') });
    expect(claimed.map((m) => m.subjectId)).toEqual(['same-millisecond']);
    // Due in the claim's next millisecond: not yet.
    await testDb.db.delete(mailOutbox);
    await queueMail(testDb.db, message('next-millisecond'));
    await testDb.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`'2026-01-02 03:04:05.124001+00'::timestamptz` })
      .where(eq(mailOutbox.subjectId, 'next-millisecond'));
    expect(await claimDueMails(testDb.db, { limit: 10, now: new Date('2026-01-02T03:04:05.123Z') })).toEqual([]);
  });

  it('never hands one message to two concurrent claimers', async () => {
    for (let i = 0; i < 40; i += 1) await queueMail(testDb.db, message(`m${i}`));
    const now = new Date(Date.now() + 1_000);
    const claims = await Promise.all(Array.from({ length: 6 }, () => claimDueMails(testDb.db, { limit: 10, now })));
    const ids = claims.flat().map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(40);
  });

  it('does not claim what another transaction holds locked (SKIP LOCKED)', async () => {
    await queueMail(testDb.db, message('locked'));
    await queueMail(testDb.db, message('free'));
    const now = new Date(Date.now() + 1_000);
    // Claim inside an open transaction, then claim again outside it before it commits. On
    // PostgreSQL the outside claim must skip the locked row rather than wait (waiting here would
    // deadlock the test). PGlite has one connection: the outside claim runs after the commit and
    // skips the row because of its lease instead.
    let inner: string[] = [];
    let outside: Promise<{ subjectId: string }[]> | undefined;
    let outer: string[] = [];
    await testDb.db.transaction(async (tx) => {
      inner = (await claimDueMails(tx, { limit: 1, now })).map((m) => m.subjectId);
      outside = claimDueMails(testDb.db, { limit: 10, now });
      if (testDb.connection.kind === 'postgres') outer = (await outside).map((m) => m.subjectId);
    });
    if (testDb.connection.kind === 'pglite') outer = ((await outside) ?? []).map((m) => m.subjectId);
    expect(inner).toEqual(['locked']);
    expect(outer).toEqual(['free']);
  });

  it('marks a message sent so it is never claimed again', async () => {
    await queueMail(testDb.db, message('sent'));
    const now = new Date(Date.now() + 1_000);
    const [mail] = await claimDueMails(testDb.db, { limit: 1, now });
    if (!mail) throw new Error('nothing claimed');
    await markSent(testDb.db, { ids: [mail.id], now });
    const [row] = await testDb.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail.id));
    expect(row?.sentAt?.getTime()).toBe(now.getTime());
    const farFuture = new Date(now.getTime() + 365 * 86_400_000);
    expect(await claimDueMails(testDb.db, { limit: 10, now: farFuture })).toEqual([]);
  });

  it('backs off after each failure, truncates the error, and gives up after MAX_ATTEMPTS keeping the row', async () => {
    await queueMail(testDb.db, message('flaky'));
    let now = new Date(Date.now() + 1_000);
    const delays: number[] = [];
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      const [mail] = await claimDueMails(testDb.db, { limit: 1, now });
      if (!mail) throw new Error(`attempt ${attempt}: nothing claimed`);
      const outcome = await markFailed(testDb.db, {
        id: mail.id,
        attempts: mail.attempts,
        error: new Error(`refused ${'x'.repeat(5_000)}`),
        now,
      });
      expect(outcome.attempts).toBe(attempt);
      expect(outcome.gaveUp).toBe(attempt === MAX_ATTEMPTS);
      delays.push(outcome.nextAttemptAt.getTime() - now.getTime());
      // Not due before its time.
      expect(await claimDueMails(testDb.db, { limit: 1, now: new Date(outcome.nextAttemptAt.getTime() - 1) })).toEqual(
        [],
      );
      now = outcome.nextAttemptAt;
    }
    expect(delays.slice(0, 4)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(Math.max(...delays)).toBe(3_600_000);
    expect(await claimDueMails(testDb.db, { limit: 1, now: new Date(now.getTime() + 86_400_000) })).toEqual([]);
    const [row] = await testDb.db.select().from(mailOutbox);
    expect(row?.attempts).toBe(MAX_ATTEMPTS);
    expect(row?.sentAt).toBeNull();
    expect(row?.lastError?.length).toBe(1_000);
    expect(row?.lastError).toMatch(/^refused x/);
  });

  it('gives back released messages at once', async () => {
    await queueMail(testDb.db, message('released'));
    const now = new Date(Date.now() + 1_000);
    const claimed = await claimDueMails(testDb.db, { limit: 1, now });
    await releaseMails(testDb.db, { ids: claimed.map((m) => m.id), now });
    expect(await claimDueMails(testDb.db, { limit: 1, now })).toHaveLength(1);
  });
});
