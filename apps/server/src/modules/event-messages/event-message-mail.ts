/**
 * A message to registrants as each recipient gets it: the staff's plain text, in the foundation's
 * frame, ending with the "Stop event news" link, and a List-Unsubscribe header (with one-click POST,
 * RFC 8058) so mail clients offer the same. The preview shows exactly this, with a sample's link.
 * The renderer is registered for EVENT_MESSAGE_KIND at start-up (src/mail-renderers.ts).
 */
import { eventMessageTexts } from '@store/shared/event-messages';
import type { Site } from '@store/shared/site';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { isUuid } from '#src/lib/uuid';
import { escapeHtml, html, SafeHtml } from '#src/modules/mail/html';
import type { MailRenderer, RenderedMail } from '#src/modules/mail/render';
import { type EventLinkKey, eventLinkToken } from '#src/modules/registrations/event-link';
import { eventMessageRecipients, eventMessages } from './tables';

/** An unsubscribe link lasts a year: long after the event, short enough that a leaked one dies. */
export const UNSUBSCRIBE_LINK_MS = 365 * 24 * 60 * 60 * 1000;

export type EventMessageContent = { subject: string; body: string };

export type UnsubscribeLinks = { page: string; oneClick: string };

export function unsubscribeLinks(storeUrl: string, token: string): UnsubscribeLinks {
  const base = storeUrl.replace(/\/+$/, '');
  const query = `token=${encodeURIComponent(token)}`;
  return {
    page: `${base}/registration/unsubscribe?${query}`,
    oneClick: `${base}/api/public/event-news/unsubscribe?${query}`,
  };
}

/** Paragraphs a blank line apart; single line breaks kept as they were typed. */
function bodyHtml(body: string): string {
  return body
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => `<p style="margin:0 0 12px;">${escapeHtml(paragraph).replace(/\r?\n/g, '<br>')}</p>`)
    .join('\n');
}

export function renderEventMessage(
  message: EventMessageContent,
  to: string,
  links: UnsubscribeLinks,
  foundation: Pick<Site['foundation'], 'name' | 'url'>,
): RenderedMail {
  const text = [
    message.body,
    '',
    '--',
    foundation.name,
    foundation.url,
    '',
    eventMessageTexts.footer,
    `${eventMessageTexts.stopLink}: ${links.page}`,
    '',
  ].join('\n');
  const page = html`<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${message.subject}</title></head>
<body style="margin:0;padding:0;background:#f4f4f4;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f4;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:6px;font-family:Arial,Helvetica,sans-serif;color:#222222;">
  <tr><td style="padding:24px 24px 8px;"><h1 style="margin:0;font-size:20px;">${foundation.name}</h1></td></tr>
  <tr><td style="padding:16px 24px;font-size:15px;line-height:1.5;">
${new SafeHtml(bodyHtml(message.body))}
  </td></tr>
  <tr><td style="padding:8px 24px 24px;font-size:12px;color:#777777;line-height:1.5;">
    <a href="${foundation.url}" style="color:#555555;">${foundation.name}</a><br>
    ${eventMessageTexts.footer}<br>
    <a href="${links.page}" style="color:#555555;">${eventMessageTexts.stopLink}</a>
  </td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  return {
    to,
    subject: message.subject,
    text,
    html: page.value,
    headers: {
      'List-Unsubscribe': `<${links.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

export type EventMessageRendererOptions = {
  db: Database;
  site: Pick<Site, 'foundation'>;
  key: EventLinkKey;
  storeUrl: string;
  /** Tests move time; the link's year counts from the send. */
  clock?: () => Date;
};

/** Reads a batch's recipients with their messages in one query, and writes each one's e-mail. */
export function createEventMessageRenderer({
  db,
  site,
  key,
  storeUrl,
  clock = () => new Date(),
}: EventMessageRendererOptions): MailRenderer {
  return async (recipientIds) => {
    const ids = recipientIds.filter(isUuid);
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({
        id: eventMessageRecipients.id,
        email: eventMessageRecipients.email,
        subject: eventMessages.subject,
        body: eventMessages.body,
      })
      .from(eventMessageRecipients)
      .innerJoin(eventMessages, eq(eventMessages.id, eventMessageRecipients.messageId))
      .where(inArray(eventMessageRecipients.id, ids));
    const expiresAt = new Date(clock().getTime() + UNSUBSCRIBE_LINK_MS);
    return new Map(
      rows.map((row) => [
        row.id,
        renderEventMessage(
          row,
          row.email,
          unsubscribeLinks(storeUrl, eventLinkToken(key, 'unsubscribe', row.id, expiresAt)),
          site.foundation,
        ),
      ]),
    );
  };
}
