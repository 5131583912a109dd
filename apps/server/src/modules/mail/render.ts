/**
 * Writing a claimed batch's messages when they are sent. A message queued by reference (kind and
 * subject id, outbox.ts) is written by the renderer its kind's owner registered: the checkout the
 * receipt, registrations the confirmation, wired at start-up (src/mail-renderers.ts). The outbox
 * knows no feature module: a renderer is a function it is given.
 *
 * A renderer gets the subject ids of every message of its kind in the batch at once, so it reads
 * them in one query per batch rather than one per message.
 */
import type { Site } from '@store/shared/site';
import type { Database } from '#src/db/client';
import { headerValue, type OutboxMail } from './outbox';
import type { MailAttachment, OutgoingMail } from './transport';

/** A message's content, as a renderer writes it. */
export type RenderedMail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: readonly MailAttachment[];
  /** Extra headers (a bulk message's List-Unsubscribe); each value is made one line before it goes. */
  headers?: Readonly<Record<string, string>>;
};

/**
 * Writes the messages of one kind about these subjects. A subject it cannot find (deleted) is left
 * out of the map; that message then fails, is retried and finally given up, like an undeliverable one.
 */
export type MailRenderer = (
  subjectIds: readonly string[],
  /** The payload each message was queued with, by subject id (only those that have one). */
  payloads: ReadonlyMap<string, Readonly<Record<string, unknown>>>,
) => Promise<ReadonlyMap<string, RenderedMail>>;

/** What a renderer that reads its subjects and signs with the foundation's name is made with. */
export type RendererContext = { db: Database; site: Pick<Site, 'foundation'> };

/** The renderer of each kind, by kind ('receipt', 'registration-confirmation'). */
export type MailRenderers = Readonly<Record<string, MailRenderer>>;

/** A claimed message ready to go, or why it could not be written (recorded as a failed attempt). */
export type PreparedMail = { mail: OutboxMail; outgoing: OutgoingMail } | { mail: OutboxMail; error: unknown };

function outgoing(mail: OutboxMail, content: RenderedMail): OutgoingMail {
  return {
    id: mail.id,
    kind: mail.kind,
    createdAt: mail.createdAt,
    // As queueMail wrote them for a rendered message: one line each, so no value adds a header.
    toAddress: headerValue(content.to),
    subject: headerValue(content.subject),
    html: content.html,
    text: content.text,
    ...(content.attachments ? { attachments: content.attachments } : {}),
    ...(content.headers
      ? {
          headers: Object.fromEntries(
            Object.entries(content.headers).map(([name, value]) => [name, headerValue(value)]),
          ),
        }
      : {}),
  };
}

/** The content a row was queued with, if it was (rows queued before messages were rendered at send time). */
function storedContent(mail: OutboxMail): RenderedMail | null {
  const { toAddress, subject, html, text } = mail;
  if (toAddress === null || subject === null || html === null || text === null) return null;
  return { to: toAddress, subject, html, text };
}

/** Writes each message of a claimed batch, in the batch's order. Never throws: a failure is per message. */
export async function prepareBatch(batch: readonly OutboxMail[], renderers: MailRenderers): Promise<PreparedMail[]> {
  const toRender = new Map<string, { ids: string[]; payloads: Map<string, Readonly<Record<string, unknown>>> }>();
  for (const mail of batch) {
    if (storedContent(mail)) continue;
    let ofKind = toRender.get(mail.kind);
    if (!ofKind) {
      ofKind = { ids: [], payloads: new Map() };
      toRender.set(mail.kind, ofKind);
    }
    ofKind.ids.push(mail.subjectId);
    if (mail.payload !== null) ofKind.payloads.set(mail.subjectId, mail.payload);
  }
  const rendered = new Map<string, ReadonlyMap<string, RenderedMail> | { error: unknown }>();
  await Promise.all(
    [...toRender].map(async ([kind, { ids: subjectIds, payloads }]) => {
      const renderer = Object.hasOwn(renderers, kind) ? renderers[kind] : undefined;
      if (!renderer) {
        rendered.set(kind, { error: new Error(`no renderer for mail kind '${kind}'`) });
        return;
      }
      try {
        rendered.set(kind, await renderer(subjectIds, payloads));
      } catch (error) {
        rendered.set(kind, { error });
      }
    }),
  );
  return batch.map((mail): PreparedMail => {
    const stored = storedContent(mail);
    if (stored) return { mail, outgoing: outgoing(mail, stored) };
    const ofKind = rendered.get(mail.kind);
    if (!ofKind || 'error' in ofKind) return { mail, error: ofKind?.error };
    const content = ofKind.get(mail.subjectId);
    if (!content) return { mail, error: new Error(`${mail.kind} ${mail.subjectId}: nothing to render it from`) };
    return { mail, outgoing: outgoing(mail, content) };
  });
}
