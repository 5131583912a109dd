import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { createTestDb, describeWithDb, type TestDb } from '../../../test/test-db';
import { type MailMessage, queueMail } from './outbox';
import { mailOutbox } from './tables';
import { createMailTransport, type MailTransport } from './transport';
import { type MailWorker, startMailWorker } from './worker';

const SECRET_BODY = 'card ending 1111, donor phone 5551234567';

function message(subjectId: string): MailMessage {
  return {
    kind: 'receipt',
    subjectId,
    to: 'donor@example.org',
    subject: `Receipt ${subjectId}`,
    html: `<p>${SECRET_BODY}</p>`,
    text: SECRET_BODY,
  };
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

type LogLine = { level: string; fields: object; message: string };

function recordingLogger() {
  const lines: LogLine[] = [];
  const at =
    (level: string) =>
    (fields: object, message = '') => {
      lines.push({ level, fields, message });
    };
  return { lines, logger: { info: at('info'), warn: at('warn'), error: at('error') } };
}

/** Fails the first `failures` sends with an SMTP-like error, then delegates. */
function flaky(inner: MailTransport, failures: number): MailTransport & { calls: number } {
  const transport = {
    kind: inner.kind,
    calls: 0,
    async send(mail: Parameters<MailTransport['send']>[0]) {
      transport.calls += 1;
      if (transport.calls <= failures) {
        throw Object.assign(new Error('451 Temporary failure, try again later'), { code: 'EMESSAGE' });
      }
      await inner.send(mail);
    },
    close: () => inner.close(),
  };
  return transport;
}

describeWithDb('mail worker', () => {
  let testDb: TestDb;
  let dir: string;
  let outboxDir: string;
  let files: MailTransport;
  let worker: MailWorker | undefined;
  beforeAll(async () => {
    testDb = await createTestDb();
  });
  afterAll(() => testDb?.close());
  beforeEach(async () => {
    await testDb.db.delete(mailOutbox);
    dir = mkdtempSync(join(tmpdir(), 'mail-worker-test-'));
    outboxDir = join(dir, 'outbox');
    files = createMailTransport({ smtpUrl: undefined, outboxDir, from: 'Receipts <receipts@example.org>' });
  });
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
    files.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const emlFiles = () => {
    try {
      return readdirSync(outboxDir).filter((name) => name.endsWith('.eml'));
    } catch {
      return [];
    }
  };
  const row = async (subjectId: string) =>
    (await testDb.db.select().from(mailOutbox).where(eq(mailOutbox.subjectId, subjectId)))[0];

  it('sends a queued message as an .eml file when kicked and marks it sent', async () => {
    const { logger } = recordingLogger();
    worker = startMailWorker({ db: testDb.db, transport: files, logger, intervalMs: 3_600_000 });
    await queueMail(testDb.db, message('order-1'));
    worker.kick();
    await until(() => emlFiles().length === 1);
    const [name = ''] = emlFiles();
    expect(name).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+\.\d{3}Z-receipt-[\w-]+\.eml$/);
    const eml = readFileSync(join(outboxDir, name), 'utf8');
    expect(eml).toMatch(/^To: donor@example.org\r$/m);
    expect(eml).toMatch(/^Subject: Receipt order-1\r$/m);
    expect(eml).toMatch(/^Content-Type: text\/plain/m);
    expect(eml).toMatch(/^Content-Type: text\/html/m);
    expect(eml).toContain(`<p>${SECRET_BODY}</p>`);
    await until(async () => (await row('order-1'))?.sentAt != null);
  });

  it('writes a message queued by reference with its kind’s renderer, once per batch, at send time', async () => {
    const { logger } = recordingLogger();
    const asked: string[][] = [];
    const renderers = {
      greeting: async (ids: readonly string[]) => {
        asked.push([...ids]);
        return new Map(
          ids.map((id) => [id, { to: `${id}@example.org`, subject: `Hello\r\n${id}`, html: `<p>${id}</p>`, text: id }]),
        );
      },
    };
    await queueMail(testDb.db, { kind: 'greeting', subjectId: 'ref-1' });
    await queueMail(testDb.db, { kind: 'greeting', subjectId: 'ref-2' });
    // Queued with its content (as before messages were rendered at send time): sent as it is.
    await queueMail(testDb.db, message('stored-1'));
    // No renderer for its kind: fails and is retried, like an undeliverable message.
    await queueMail(testDb.db, { kind: 'unknown', subjectId: 'ref-3' });
    expect((await row('ref-1'))?.html).toBeNull();
    worker = startMailWorker({ db: testDb.db, transport: files, renderers, logger, intervalMs: 3_600_000 });
    await until(async () => (await row('ref-2'))?.sentAt != null && (await row('stored-1'))?.sentAt != null);
    expect(asked).toEqual([['ref-1', 'ref-2']]);
    const emls = emlFiles().map((name) => readFileSync(join(outboxDir, name), 'utf8'));
    expect(emls).toHaveLength(3);
    const first = emls.find((eml) => eml.includes('<p>ref-1</p>')) ?? '';
    expect(first).toMatch(/^To: ref-1@example.org\r$/m);
    expect(first).toMatch(/^Subject: Hello ref-1\r$/m);
    expect(first).toMatch(new RegExp(`^Message-ID: <${(await row('ref-1'))?.id}@example.org>\\r$`, 'm'));
    expect(emls.some((eml) => eml.includes(`<p>${SECRET_BODY}</p>`))).toBe(true);
    const unknown = await row('ref-3');
    expect(unknown).toMatchObject({ sentAt: null, attempts: 1, lastError: "no renderer for mail kind 'unknown'" });
  });

  it('picks up queued messages by polling', async () => {
    await queueMail(testDb.db, message('polled-1'));
    await queueMail(testDb.db, message('polled-2'));
    const { logger } = recordingLogger();
    worker = startMailWorker({ db: testDb.db, transport: files, logger, intervalMs: 20, batchSize: 1 });
    await until(() => emlFiles().length === 2);
  });

  it('retries a failed message later with growing delays, logging without the body', async () => {
    let now = new Date(Date.now() + 1_000);
    const transport = flaky(files, 2);
    const { lines, logger } = recordingLogger();
    await queueMail(testDb.db, message('flaky'));
    worker = startMailWorker({ db: testDb.db, transport, logger, intervalMs: 10, clock: () => now });

    await until(async () => (await row('flaky'))?.attempts === 1);
    const first = await row('flaky');
    expect(first?.nextAttemptAt.getTime()).toBe(now.getTime() + 30_000);
    expect(first?.lastError).toMatch(/EMESSAGE: 451/);
    // Not due yet: polling does not retry early.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(transport.calls).toBe(1);

    now = new Date(now.getTime() + 30_000);
    await until(async () => (await row('flaky'))?.attempts === 2);
    expect((await row('flaky'))?.nextAttemptAt.getTime()).toBe(now.getTime() + 60_000);

    now = new Date(now.getTime() + 60_000);
    await until(async () => (await row('flaky'))?.sentAt != null);
    const sent = await row('flaky');
    expect(sent?.attempts).toBe(2);
    expect(sent?.lastError).toBeNull();
    expect(emlFiles()).toHaveLength(1);

    const warnings = lines.filter((l) => l.level === 'warn');
    expect(warnings).toHaveLength(2);
    expect(warnings[0]?.fields).toMatchObject({ subjectId: 'flaky', attempts: 1, error: expect.stringMatching(/451/) });
    const logged = JSON.stringify(lines);
    expect(logged).not.toContain(SECRET_BODY);
    expect(logged).not.toContain('donor@example.org');
  });

  it('stop waits for the message being sent and gives back the rest of the batch', async () => {
    let release: () => void = () => undefined;
    const started: string[] = [];
    const slow: MailTransport = {
      kind: 'files',
      send: async (mail) => {
        started.push(mail.subject);
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        await files.send(mail);
      },
      close: () => undefined,
    };
    await queueMail(testDb.db, message('slow-1'));
    await queueMail(testDb.db, message('slow-2'));
    const { logger } = recordingLogger();
    worker = startMailWorker({ db: testDb.db, transport: slow, logger, intervalMs: 3_600_000, batchSize: 10 });
    await until(() => started.length === 1);

    let stopped = false;
    const stopping = worker.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(started).toEqual(['Receipt slow-1']);
    expect((await row('slow-1'))?.sentAt).not.toBeNull();
    // The second was claimed with the first; stopping gave it back instead of leaving it leased.
    const second = await row('slow-2');
    expect(second?.sentAt).toBeNull();
    expect(second?.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    // Kicks after stop do nothing.
    worker.kick();
  });

  it('keeps polling when the database fails for a while', async () => {
    const { lines, logger } = recordingLogger();
    let broken = true;
    const db = new Proxy(testDb.db, {
      get(target, key, receiver) {
        if (key === 'update' && broken) throw new Error('connection refused');
        return Reflect.get(target, key, receiver);
      },
    });
    await queueMail(testDb.db, message('db-down'));
    worker = startMailWorker({ db, transport: files, logger, intervalMs: 10 });
    await until(() => lines.some((l) => l.message === 'mail worker round failed'));
    broken = false;
    await until(() => emlFiles().length === 1);
  });
});
