/**
 * The billing run's notices (billing-mail-kinds.ts), written by the mail worker when it sends them
 * (registered in src/mail-renderers.ts), from the declined charge's order and its gift as they are
 * then: the amount, the cause, the card (brand and last four only), and the dashboard's link to
 * update the card. When it is tried again is the day stored with the message when the decline was
 * recorded (apply-outcome.ts): by the time the worker sends, later runs may have moved the gift's
 * next charge on. Nothing about the card beyond what a receipt may say. In the gift's language (the
 * checkout's that started it, decision 0042).
 */
import { INTL_LOCALE, type Locale } from '@store/shared/i18n/locales';
import { formatCents } from '@store/shared/money';
import { isCalendarDay } from '@store/shared/monthly-giving';
import type { Site } from '@store/shared/site';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { serverI18n } from '#src/i18n/server-i18n';
import { dashboardUrl } from '#src/lib/dashboard-url';
import { isUuid } from '#src/lib/uuid';
import { orders } from '#src/modules/ledger/index';
import { dearLine, detail, emailDocument } from '#src/modules/mail/email-layout';
import { greetingName } from '#src/modules/mail/greeting';
import { linkButton } from '#src/modules/mail/link-button';
import { headerValue } from '#src/modules/mail/outbox';
import type { MailRenderer, RenderedMail } from '#src/modules/mail/render';
import { monthlyGifts } from './tables';

export const DECLINED_SUBJECT = /*i18n*/ 'Your monthly gift could not be charged';
export const PAUSED_SUBJECT = /*i18n*/ 'Your monthly gift is paused';

export type BillingNotice = 'declined' | 'paused';

export type NoticeView = {
  /** The gift's language; unset, English. */
  locale?: Locale | undefined;
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
export function longDay(day: string, locale: Locale = 'en'): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );
}

function opening(notice: BillingNotice, view: NoticeView): string {
  const i18n = serverI18n(view.locale ?? 'en');
  const values = { amount: view.amount, card: view.card, day: view.retryOn ?? '' };
  return notice === 'declined'
    ? i18n._(
        'We could not charge your monthly gift of {amount} to {card}. We will try again on {day}. To give with another card, update it on your dashboard before then.',
        values,
      )
    : i18n._(
        'We could not charge your monthly gift of {amount} to {card}, after several tries, so it is paused and nothing more will be charged. To continue it, update your card and resume the gift on your dashboard.',
        values,
      );
}

export function renderBillingNotice(notice: BillingNotice, to: string, view: NoticeView): RenderedMail {
  const locale = view.locale ?? 'en';
  const i18n = serverI18n(locale);
  const subject = i18n._(notice === 'declined' ? DECLINED_SUBJECT : PAUSED_SUBJECT);
  const text = opening(notice, view);
  const button = linkButton(view.dashboardUrl, i18n._('Update your card'));
  const details = [
    detail(i18n._('Monthly gift'), view.amount),
    detail(i18n._('For'), view.cause),
    detail(i18n._('Payment method'), view.card),
  ];
  if (view.retryOn) details.push(detail(i18n._('Next try'), view.retryOn));
  const htmlBody = emailDocument({
    title: subject,
    foundationName: view.foundationName,
    foundationUrl: view.foundationUrl,
    kind: i18n._('Monthly gift'),
    greetingName: view.greeting,
    opening: text,
    details,
    sections: [button],
    locale,
  });
  const plain = [
    dearLine(view.greeting, locale),
    '',
    text,
    '',
    i18n._('Your dashboard: {link}', { link: view.dashboardUrl }),
    '',
    view.foundationName,
    view.foundationUrl,
  ].join('\n');
  return { to: headerValue(to), subject: headerValue(subject), html: htmlBody, text: `${plain}\n` };
}

/**
 * The retry day a declined notice was queued with; null for a notice queued before the day was
 * stored with it, which then says the gift's next charge as it is when sent.
 */
function promisedRetry(payload: Readonly<Record<string, unknown>> | undefined): string | null {
  const day = payload?.retryOn;
  return typeof day === 'string' && isCalendarDay(day) ? day : null;
}

/** English as it always was; another language in the charge's currency and its conventions. */
const money = (cents: number, currency: string, locale: Locale) =>
  locale === 'en' ? `$${(cents / 100).toFixed(2)}` : formatCents(cents, currency, INTL_LOCALE[locale]);

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
      const { locale } = gift;
      const i18n = serverI18n(locale);
      const retryDay = promisedRetry(payloads.get(order.id)) ?? gift.nextChargeOn;
      rendered.set(
        order.id,
        renderBillingNotice(notice, order.email, {
          locale,
          foundationName: site.foundation.name,
          foundationUrl: site.foundation.url,
          dashboardUrl: dashboardUrl(storeUrl),
          greeting: greetingName(order.firstName, locale),
          amount: money(order.amountCents, order.currency, locale),
          cause: gift.product.name,
          // A stored PayPal or Venmo account is named by the wallet alone.
          card:
            gift.cardLastFour === ''
              ? gift.cardBrand
              : i18n._('{brand} ending in {lastFour}', { brand: gift.cardBrand, lastFour: gift.cardLastFour }),
          retryOn: notice === 'declined' ? longDay(retryDay, locale) : null,
        }),
      );
    }
    return rendered;
  };
}
