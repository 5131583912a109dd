/**
 * The tribute card (gift-extras.ts): a short letter to the person the donor named, saying that the
 * donor made a gift in honour or in memory of someone, with the donor's message. Written by the mail
 * worker when it sends it (registered in src/mail-renderers.ts), from the order and its card row,
 * in the language the donor gave in. It carries the gift's amount only when the donor chose so,
 * and nothing of the receipt: no receipt number, no donor's e-mail or phone. Everything the donor
 * typed (names, message) is escaped by the layout's `html` tag.
 */
import type { TributeKind } from '@store/shared/gift-extras';
import type { Locale } from '@store/shared/i18n/locales';
import { INTL_LOCALE } from '@store/shared/i18n/locales';
import { formatCents } from '@store/shared/money';
import type { Site } from '@store/shared/site';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { serverI18n } from '#src/i18n/server-i18n';
import { orders } from '#src/modules/ledger/index';
import { emailDocument } from '#src/modules/mail/email-layout';
import { greetingName } from '#src/modules/mail/greeting';
import { html } from '#src/modules/mail/html';
import { headerValue } from '#src/modules/mail/outbox';
import { plainLetter } from '#src/modules/mail/plain-letter';
import type { MailRenderer, RenderedMail } from '#src/modules/mail/render';
import { renderByRecord } from '#src/modules/mail/render-by-record';
import { tributeCards } from './tables';

export type TributeCardView = {
  recipientName: string;
  recipientEmail: string;
  donorName: string;
  kind: TributeKind;
  /** The person the gift honours or remembers. */
  name: string;
  message?: string | undefined;
  /** The gift's amount, formatted: only when the donor chose to show it. */
  amount?: string | undefined;
  foundationName: string;
  foundationUrl: string;
  mission?: string | undefined;
  locale: Locale;
};

const SUBJECT: Record<TributeKind, string> = {
  honour: /*i18n*/ '{donor} made a gift in honour of {name}',
  memory: /*i18n*/ '{donor} made a gift in memory of {name}',
};
const KIND_LINE: Record<TributeKind, string> = {
  honour: /*i18n*/ 'A gift in honour of {name}',
  memory: /*i18n*/ 'A gift in memory of {name}',
};
const OPENING: Record<TributeKind, string> = {
  honour: /*i18n*/ '{donor} has made a gift to {foundation} in honour of {name}, and asked us to tell you.',
  memory: /*i18n*/ '{donor} has made a gift to {foundation} in memory of {name}, and asked us to tell you.',
};
const OPENING_WITH_AMOUNT: Record<TributeKind, string> = {
  honour: /*i18n*/ '{donor} has made a gift of {amount} to {foundation} in honour of {name}, and asked us to tell you.',
  memory: /*i18n*/ '{donor} has made a gift of {amount} to {foundation} in memory of {name}, and asked us to tell you.',
};
const MESSAGE_INTRO = /*i18n*/ 'Their message to you:';

export function renderTributeCard(view: TributeCardView): RenderedMail {
  const i18n = serverI18n(view.locale);
  const values = { donor: view.donorName, name: view.name, foundation: view.foundationName, amount: view.amount };
  const subject = i18n._(SUBJECT[view.kind], values);
  const opening = i18n._((view.amount ? OPENING_WITH_AMOUNT : OPENING)[view.kind], values);
  const greeting = greetingName(view.recipientName.trim().split(/\s+/)[0], view.locale);
  const intro = i18n._(MESSAGE_INTRO);
  const sections = [];
  if (view.message) {
    sections.push(html`<tr><td style="padding:0 24px 16px;font-size:14px;line-height:1.5;">
    <p style="margin:0 0 6px;color:#555555;">${intro}</p>
    <blockquote style="margin:0;padding:8px 12px;border-left:3px solid #cccccc;white-space:pre-line;">${view.message}</blockquote>
  </td></tr>`);
  }
  if (view.mission) {
    sections.push(
      html`<tr><td style="padding:0 24px 16px;font-size:14px;line-height:1.5;color:#555555;">${view.mission}</td></tr>`,
    );
  }
  const htmlBody = emailDocument({
    title: subject,
    foundationName: view.foundationName,
    foundationUrl: view.foundationUrl,
    kind: i18n._(KIND_LINE[view.kind], values),
    greetingName: greeting,
    opening,
    details: [],
    sections,
    locale: view.locale,
  });
  const paragraphs = [opening];
  if (view.message) paragraphs.push(`${intro}\n${view.message}`);
  if (view.mission) paragraphs.push(view.mission);
  const text = plainLetter(greeting, paragraphs, view, view.locale);
  return { to: headerValue(view.recipientEmail), subject: headerValue(subject), html: htmlBody, text };
}

export function createTributeCardRenderer({
  db,
  site,
}: {
  db: Database;
  site: Pick<Site, 'foundation'>;
}): MailRenderer {
  return (subjectIds) =>
    renderByRecord(
      subjectIds,
      (subjectId) => subjectId,
      (ids) =>
        db
          .select({
            id: orders.id,
            firstName: orders.firstName,
            lastName: orders.lastName,
            amountCents: orders.amountCents,
            currency: orders.currency,
            tribute: orders.tribute,
            locale: orders.locale,
            recipientName: tributeCards.recipientName,
            recipientEmail: tributeCards.recipientEmail,
            showAmount: tributeCards.showAmount,
            status: tributeCards.status,
          })
          .from(tributeCards)
          .innerJoin(orders, eq(orders.id, tributeCards.orderId))
          .where(inArray(tributeCards.orderId, ids)),
      (row) => {
        // A limited card is never queued; if one were, it is not written (that message fails).
        if (row.status !== 'queued' || !row.tribute) return undefined;
        return renderTributeCard({
          recipientName: row.recipientName,
          recipientEmail: row.recipientEmail,
          donorName: `${row.firstName} ${row.lastName}`.trim(),
          kind: row.tribute.kind,
          name: row.tribute.name,
          message: row.tribute.message,
          amount: row.showAmount ? formatCents(row.amountCents, row.currency, INTL_LOCALE[row.locale]) : undefined,
          foundationName: site.foundation.name,
          foundationUrl: site.foundation.url,
          mission: site.foundation.mission,
          locale: row.locale,
        });
      },
    );
}
