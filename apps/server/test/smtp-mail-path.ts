/**
 * The real mail path for tests that read what a donor receives: a mail worker rendering with the
 * app's renderers and sending over SMTP to a local server (fake-smtp-server.ts), and the helpers to
 * wait for a recipient's messages and read their text.
 */
import type { Site } from '@store/shared/site';
import type { Logger } from 'pino';
import type { Database } from '#src/db/client';
import { mailRenderers } from '#src/mail-renderers';
import { createMailTransport } from '#src/modules/mail/transport';
import { type MailWorker, startMailWorker } from '#src/modules/mail/worker';
import { TEST_TICKET_SIGNING_SEED } from './build-test-app';
import type { FakeSmtpServer, ReceivedMessage } from './fake-smtp-server';

/** A worker that polls hourly (the app's kick, or the test, wakes it) and sends to `smtp`. */
export function startSmtpMailWorker(options: {
  db: Database;
  site: Site;
  smtp: FakeSmtpServer;
  logger: Logger;
  sessionSecret: string;
  from?: string;
  storeUrl?: string;
}): MailWorker {
  const { db, site, smtp, logger, sessionSecret } = options;
  return startMailWorker({
    db,
    transport: createMailTransport({
      smtpUrl: smtp.url,
      outboxDir: '',
      from: options.from ?? 'Store <receipts@example.org>',
    }),
    renderers: mailRenderers({
      db,
      site,
      secrets: { session: sessionSecret, ticketSigning: TEST_TICKET_SIGNING_SEED },
      signature: null,
      storeUrl: options.storeUrl,
    }),
    logger,
    intervalMs: 3_600_000,
  });
}

/** The messages `to` has received, once there are `count` of them or the time is up. */
export async function messagesTo(
  smtp: FakeSmtpServer,
  to: string,
  count: number,
  timeoutMs = 15_000,
): Promise<ReceivedMessage[]> {
  const deadline = Date.now() + timeoutMs;
  const mine = () => smtp.messages.filter((m) => m.to.includes(to));
  while (mine().length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return mine();
}

/** A message's text, its quoted-printable soft line breaks and escapes undone (enough for links). */
export function decodedMail(data: string): string {
  return data
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The attachments of a raw MIME message (as nodemailer writes them: base64 parts), by content type. */
export function mailAttachments(data: string, contentType: string): { fileName: string; content: Buffer }[] {
  const found: { fileName: string; content: Buffer }[] = [];
  for (const part of data.split(/\r?\n--[^\r\n]+\r?\n/)) {
    const split = part.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const headers = part.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
    if (!new RegExp(`^Content-Type: ${contentType}`, 'im').test(headers)) continue;
    const fileName = /filename="?([^";\r\n]+)"?/i.exec(headers)?.[1] ?? '';
    const body = part.slice(split).replace(/\r?\n--[^\r\n]*--[\s\S]*$/, '');
    found.push({ fileName, content: Buffer.from(body.replace(/\s+/g, ''), 'base64') });
  }
  return found;
}
