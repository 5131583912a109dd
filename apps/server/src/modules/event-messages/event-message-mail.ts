/**
 * A message to registrants as each recipient gets it: the staff's plain text, in the foundation's
 * frame, ending with the "Stop event news" link, and a List-Unsubscribe header (with one-click POST,
 * RFC 8058) so mail clients offer the same. The preview shows exactly this, with a sample's link.
 * The renderer is registered for EVENT_MESSAGE_KIND at start-up (src/mail-renderers.ts). The staff's
 * words are sent as written; the foot is in the recipient's language (their latest registration's).
 */
import { eventMessageTexts } from '@store/shared/event-messages';
import { isLocale, type Locale } from '@store/shared/i18n/locales';
import type { Site } from '@store/shared/site';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { serverI18n } from '#src/i18n/server-i18n';
import { isUuid } from '#src/lib/uuid';
import { escapeHtml, html, SafeHtml } from '#src/modules/mail/html';
import type { MailRenderer, RenderedMail } from '#src/modules/mail/render';
import { type EventLinkKey, eventLinkToken } from '#src/modules/registrations/event-link';
import { registrations } from '#src/modules/registrations/tables';
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
  /** The recipient's language, for the foot; unset (the staff's preview), English. */
  locale: Locale = 'en',
): RenderedMail {
  const i18n = serverI18n(locale);
  const footer = i18n._(eventMessageTexts.footer);
  const stopLink = i18n._(eventMessageTexts.stopLink);
  const text = [
    message.body,
    '',
    '--',
    foundation.name,
    foundation.url,
    '',
    footer,
    `${stopLink}: ${links.page}`,
    '',
  ].join('\n');
  const page = html`<!DOCTYPE html>
<html lang="${locale}">
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
    ${footer}<br>
    <a href="${links.page}" style="color:#555555;">${stopLink}</a>
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
        // The language of the address's latest registration (recipients are lower-cased addresses).
        locale: sql<Locale | null>`(select ${registrations.locale} from ${registrations}
          where lower(${registrations.email}) = ${eventMessageRecipients.email}
          order by ${registrations.number} desc limit 1)`,
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
          isLocale(row.locale) ? row.locale : 'en',
        ),
      ]),
    );
  };
}
