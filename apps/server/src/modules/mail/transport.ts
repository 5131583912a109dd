/**
 * Where outgoing mail goes (DESIGN.md): an SMTP server when SMTP_URL is set, otherwise RFC 822
 * `.eml` files in DATA_DIR/outbox, which any mail client opens, so the default set-up needs no
 * mail account and a developer can read every receipt the site sent.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Site } from '@store/shared/site';
import nodemailer, { type Address, type SendMailOptions } from 'nodemailer';

/** A message as it goes out: an outbox row's id, kind and time with its content (render.ts). */
export type OutgoingMail = {
  /** The outbox row's id: the Message-ID, the same on every attempt. */
  id: string;
  kind: string;
  createdAt: Date;
  toAddress: string;
  subject: string;
  html: string;
  text: string;
  /** Files sent with the message (issue 20: a receipt's or a statement's PDF). */
  attachments?: readonly MailAttachment[];
  /** Extra headers, one line each (render.ts): a bulk message's List-Unsubscribe. */
  headers?: Readonly<Record<string, string>>;
};

export type MailAttachment = { fileName: string; contentType: string; content: Uint8Array };

export interface MailTransport {
  readonly kind: 'smtp' | 'files';
  /** Resolves once the server accepted the message (or the file is in place); rejects otherwise. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export type MailTransportOptions = {
  /** config.smtpUrl: unset writes files. */
  smtpUrl: string | undefined;
  /** Absolute; used when smtpUrl is unset. Created on first use. */
  outboxDir: string;
  /** config.mailFrom, or `defaultMailFrom(site)`. */
  from: string | Address;
};

/**
 * Short enough that one stuck server cannot hold a claimed batch past its lease (outbox.ts), long
 * enough for a slow relay. nodemailer's own defaults (2 and 10 minutes) are too long for that.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 };

/** The sender when MAIL_FROM is unset. An object, so nodemailer quotes any odd characters in the name. */
export function defaultMailFrom(site: Pick<Site, 'foundation'>): Address {
  return { name: site.foundation.name, address: 'receipts@localhost' };
}

function fromDomain(from: string | Address): string {
  const address = typeof from === 'string' ? from : (from.address ?? '');
  return /@([^\s<>@]+)>?\s*$/.exec(address)?.[1] ?? 'localhost';
}

function messageOptions(mail: OutgoingMail, from: string | Address): SendMailOptions {
  return {
    from,
    to: mail.toAddress,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments: (mail.attachments ?? []).map((a) => ({
      filename: a.fileName,
      contentType: a.contentType,
      content: Buffer.from(a.content),
    })),
    ...(mail.headers ? { headers: { ...mail.headers } } : {}),
    // The same id on every attempt: a retry after a lost "250 OK" is recognisable as a duplicate.
    messageId: `<${mail.id}@${fromDomain(from)}>`,
  };
}

/** `2026-11-21T10-15-30.123Z-receipt-<uuid>.eml`: sorts by time; no ':' so the name is valid everywhere. */
export function emlFileName(mail: Pick<OutgoingMail, 'id' | 'kind' | 'createdAt'>): string {
  const stamp = mail.createdAt.toISOString().replace(/:/g, '-');
  const safe = (text: string) => text.replace(/[^\w-]/g, '_');
  return `${stamp}-${safe(mail.kind)}-${safe(mail.id)}.eml`;
}

function fileTransport(outboxDir: string, from: string | Address): MailTransport {
  // RFC 5322 lines end in CRLF; mail clients open such files as they are.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  // Made once, not per message (a mkdir per receipt showed in the checkout's CPU profile); made
  // again if a write finds it gone.
  let directory: Promise<unknown> | null = null;
  return {
    kind: 'files',
    async send(mail) {
      const info = await composer.sendMail(messageOptions(mail, from));
      if (!Buffer.isBuffer(info.message)) throw new Error('stream transport returned no buffer');
      directory ??= mkdir(outboxDir, { recursive: true }).catch((error: unknown) => {
        directory = null;
        throw error;
      });
      await directory;
      // Write then rename: a reader (or a crash) never sees half a message under the final name.
      const final = join(outboxDir, emlFileName(mail));
      const partial = join(outboxDir, `.${mail.id}.${randomBytes(4).toString('hex')}.tmp`);
      try {
        await writeFile(partial, info.message);
        await rename(partial, final);
      } catch (error) {
        directory = null;
        await rm(partial, { force: true });
        throw error;
      }
    },
    close() {
      composer.close();
    },
  };
}

function smtpTransport(smtpUrl: string, from: string | Address): MailTransport {
  const smtp = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  return {
    kind: 'smtp',
    async send(mail) {
      await smtp.sendMail(messageOptions(mail, from));
    },
    close() {
      smtp.close();
    },
  };
}

export function createMailTransport({ smtpUrl, outboxDir, from }: MailTransportOptions): MailTransport {
  return smtpUrl ? smtpTransport(smtpUrl, from) : fileTransport(outboxDir, from);
}
