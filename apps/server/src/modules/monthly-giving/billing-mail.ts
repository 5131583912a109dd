/**
 * The billing run's notices (billing-mail-kinds.ts), written by the mail worker when it sends them
 * (registered in src/mail-renderers.ts), from the declined charge's order and its gift as they are
 * then: the amount, the cause, the card (brand and last four only), and the dashboard's link to
 * update the card. When it is tried again is the day stored with the message when the decline was
 * recorded (apply-outcome.ts): by the time the worker sends, later runs may have moved the gift's
 * next charge on. Nothing about the card beyond what a receipt may say.
 */
import { isCalendarDay } from '@store/shared/monthly-giving';
import type { Site } from '@store/shared/site';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { dashboardUrl } from '#src/lib/dashboard-url';
import { isUuid } from '#src/lib/uuid';
import { orders } from '#src/modules/ledger/index';
import { detail, emailDocument } from '#src/modules/mail/email-layout';
import { greetingName } from '#src/modules/mail/greeting';
import { linkButton } from '#src/modules/mail/link-button';
import { headerValue } from '#src/modules/mail/outbox';
import type { MailRenderer, RenderedMail } from '#src/modules/mail/render';
import { monthlyGifts } from './tables';

export const DECLINED_SUBJECT = 'Your monthly gift could not be charged';
export const PAUSED_SUBJECT = 'Your monthly gift is paused';

export type BillingNotice = 'declined' | 'paused';

export type NoticeView = {
  foundationName: string;
  foundationUrl: string;
  dashboardUrl: string;
  greeting: string;
  amount: string;
  cause: string;
  card: string;
  /** 'Saturday, January 16, 2027' (declined only). */
  retryOn: string | null;
};

/** 'Saturday, January 16, 2027' for a calendar day (no zone: it is a day, not an instant). */
export function longDay(day: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
}

function opening(notice: BillingNotice, view: NoticeView): string {
  return notice === 'declined'
    ? `We could not charge your monthly gift of ${view.amount} to ${view.card}. We will try again on ${view.retryOn}. To give with another card, update it on your dashboard before then.`
    : `We could not charge your monthly gift of ${view.amount} to ${view.card}, after several tries, so it is paused and nothing more will be charged. To continue it, update your card and resume the gift on your dashboard.`;
}

export function renderBillingNotice(notice: BillingNotice, to: string, view: NoticeView): RenderedMail {
  const subject = notice === 'declined' ? DECLINED_SUBJECT : PAUSED_SUBJECT;
  const text = opening(notice, view);
  const button = linkButton(view.dashboardUrl, 'Update your card');
  const details = [detail('Monthly gift', view.amount), detail('For', view.cause), detail('Card', view.card)];
  if (view.retryOn) details.push(detail('Next try', view.retryOn));
  const htmlBody = emailDocument({
    title: subject,
    foundationName: view.foundationName,
    foundationUrl: view.foundationUrl,
    kind: 'Monthly gift',
    greetingName: view.greeting,
    opening: text,
    details,
    sections: [button],
  });
  const plain = [
    `Dear ${view.greeting},`,
    '',
    text,
    '',
    `Your dashboard: ${view.dashboardUrl}`,
    '',
    view.foundationName,
    view.foundationUrl,
  ].join('\n');
  return { to: headerValue(to), subject, html: htmlBody, text: `${plain}\n` };
}

/**
 * The retry day a declined notice was queued with; null for a notice queued before the day was
 * stored with it, which then says the gift's next charge as it is when sent.
 */
function promisedRetry(payload: Readonly<Record<string, unknown>> | undefined): string | null {
  const day = payload?.retryOn;
  return typeof day === 'string' && isCalendarDay(day) ? day : null;
}

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export function createBillingNoticeRenderer({
  db,
  site,
  storeUrl,
  notice,
}: {
  db: Database;
  site: Pick<Site, 'foundation'>;
  /** The store's origin, for the dashboard link. */
  storeUrl: string;
  notice: BillingNotice;
}): MailRenderer {
  return async (orderIds, payloads) => {
    const ids = orderIds.filter(isUuid);
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ order: orders, gift: monthlyGifts })
      .from(orders)
      .innerJoin(monthlyGifts, eq(monthlyGifts.id, orders.monthlyGiftId))
      .where(inArray(orders.id, ids));
    const rendered = new Map<string, RenderedMail>();
    for (const { order, gift } of rows) {
      rendered.set(
        order.id,
        renderBillingNotice(notice, order.email, {
          foundationName: site.foundation.name,
          foundationUrl: site.foundation.url,
          dashboardUrl: dashboardUrl(storeUrl),
          greeting: greetingName(order.firstName),
          amount: money(order.amountCents),
          cause: gift.product.name,
          card: `${gift.cardBrand} ending in ${gift.cardLastFour}`,
          retryOn: notice === 'declined' ? longDay(promisedRetry(payloads.get(order.id)) ?? gift.nextChargeOn) : null,
        }),
      );
    }
    return rendered;
  };
}
