import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeSmtpServer, startFakeSmtpServer } from '../../../test/fake-smtp-server';
import { createMailTransport, defaultMailFrom, emlFileName, type OutgoingMail } from './transport';

const site = { foundation: { name: 'Sri Datta Vani Foundation', url: 'https://example.org/', timeZone: 'UTC' } };

function mail(overrides: Partial<OutgoingMail> = {}): OutgoingMail {
  return {
    id: '0b6c3f4e-5d1a-4c2b-9e8f-1a2b3c4d5e6f',
    kind: 'receipt',
    createdAt: new Date('2026-11-21T10:15:30.123Z'),
    toAddress: 'donor@example.org',
    subject: 'Your donation receipt R-20261121-0B6C3F',
    text: 'Plain body: total $25.00\n',
    html: '<p>HTML body: total <b>$25.00</b></p>',
    ...overrides,
  };
}

describe('emlFileName', () => {
  it('is the creation time, kind and id, without characters some file systems refuse', () => {
    expect(emlFileName(mail())).toBe('2026-11-21T10-15-30.123Z-receipt-0b6c3f4e-5d1a-4c2b-9e8f-1a2b3c4d5e6f.eml');
    expect(emlFileName(mail({ kind: '../x y' }))).toMatch(/-___x_y-0b6c/);
  });
});

describe('file transport', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'outbox-test-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes one RFC 822 file per message, with both bodies and nothing half-written left over', async () => {
    const outboxDir = join(dir, 'outbox');
    const transport = createMailTransport({ smtpUrl: undefined, outboxDir, from: defaultMailFrom(site) });
    expect(transport.kind).toBe('files');
    await transport.send(mail());
    // The same message again (a retry) replaces the file rather than adding one.
    await transport.send(mail());
    transport.close();
    const files = readdirSync(outboxDir);
    expect(files).toEqual([emlFileName(mail())]);
    const eml = readFileSync(join(outboxDir, files[0] ?? ''), 'utf8');
    expect(eml).toMatch(/^From: Sri Datta Vani Foundation <receipts@localhost>\r$/m);
    expect(eml).toMatch(/^To: donor@example.org\r$/m);
    expect(eml).toMatch(/^Subject: Your donation receipt R-20261121-0B6C3F\r$/m);
    expect(eml).toMatch(/^Message-ID: <0b6c3f4e-5d1a-4c2b-9e8f-1a2b3c4d5e6f@localhost>\r$/m);
    expect(eml).toMatch(/^Content-Type: multipart\/alternative/m);
    expect(eml).toMatch(/^Content-Type: text\/plain; charset=utf-8\r$/m);
    expect(eml).toMatch(/^Content-Type: text\/html; charset=utf-8\r$/m);
    expect(eml).toContain('Plain body: total $25.00');
    expect(eml).toContain('<p>HTML body: total <b>$25.00</b></p>');
  });

  it('uses MAIL_FROM as given', async () => {
    const outboxDir = join(dir, 'outbox');
    const transport = createMailTransport({ smtpUrl: undefined, outboxDir, from: 'Receipts <r@found.example>' });
    await transport.send(mail());
    const eml = readFileSync(join(outboxDir, emlFileName(mail())), 'utf8');
    expect(eml).toMatch(/^From: Receipts <r@found.example>\r$/m);
    expect(eml).toMatch(/^Message-ID: <[\w-]+@found.example>\r$/m);
  });
});

describe('SMTP transport', () => {
  let smtp: FakeSmtpServer;
  beforeAll(async () => {
    smtp = await startFakeSmtpServer();
  });
  afterAll(() => smtp?.close());

  it('delivers the message to the SMTP server with the envelope and both bodies', async () => {
    const transport = createMailTransport({
      smtpUrl: smtp.url,
      outboxDir: '/nonexistent',
      from: defaultMailFrom(site),
    });
    expect(transport.kind).toBe('smtp');
    await transport.send(mail());
    transport.close();
    expect(smtp.messages).toHaveLength(1);
    const [received] = smtp.messages;
    expect(received?.from).toBe('receipts@localhost');
    expect(received?.to).toEqual(['donor@example.org']);
    expect(received?.data).toMatch(/^Subject: Your donation receipt R-20261121-0B6C3F$/m);
    expect(received?.data).toMatch(/^Content-Type: text\/plain/m);
    expect(received?.data).toMatch(/^Content-Type: text\/html/m);
    expect(received?.data).toContain('Plain body: total $25.00');
  });

  it('rejects when the server refuses the message, so the worker retries it', async () => {
    const transport = createMailTransport({
      smtpUrl: smtp.url,
      outboxDir: '/nonexistent',
      from: defaultMailFrom(site),
    });
    smtp.refuseNext(1);
    await expect(transport.send(mail())).rejects.toThrow(/451/);
    transport.close();
  });
});
