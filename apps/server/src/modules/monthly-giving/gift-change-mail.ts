/**
 * The e-mail confirming a donor's change to a monthly gift (issue 22): one kind for every action,
 * queued in the change's transaction. Written when queued, not when sent: it says what this change
 * did, even if the donor changes the gift again before the worker sends it. Each change is its own
 * message (the outbox keeps one per kind and subject), so the subject id names the gift, the action
 * and the change. In the gift's language (the checkout's that started it, decision 0042).
 */
import { randomUUID } from 'node:crypto';
import type { I18n } from '@lingui/core';
import { INTL_LOCALE } from '@store/shared/i18n/locales';
import { formatCents } from '@store/shared/money';
import { serverI18n } from '#src/i18n/server-i18n';
import { formatDay } from '#src/modules/mail/date-format';
import { dearLine, detail, emailDocument } from '#src/modules/mail/email-layout';
import { greetingName } from '#src/modules/mail/greeting';
import { linkButton } from '#src/modules/mail/link-button';
import { type OutboxDb, queueMail } from '#src/modules/mail/outbox';
import type { MonthlyGiftRow } from './tables';

export const MONTHLY_GIFT_CHANGE_KIND = 'monthly-gift-change';

export type GiftAction = 'amount' | 'tier' | 'pause' | 'resume' | 'card' | 'cancel' | 'coverFee';

/** Who the mail is from, and the donor's dashboard (absolute: lib/dashboard-url.ts) where the gift is managed. */
export type Foundation = { name: string; url: string; dashboardUrl: string };

const SUBJECTS: Record<GiftAction, string> = {
  amount: /*i18n*/ 'Your monthly gift: new amount',
  tier: /*i18n*/ 'Your monthly gift: new tier',
  pause: /*i18n*/ 'Your monthly gift is paused',
  resume: /*i18n*/ 'Your monthly gift is resumed',
  card: /*i18n*/ 'Your monthly gift: card updated',
  cancel: /*i18n*/ 'Your monthly gift is cancelled',
  coverFee: /*i18n*/ 'Your monthly gift: processing fee',
};

const MANAGE_LINK_TEXT = /*i18n*/ 'Manage your monthly gifts on your dashboard';

/** The gift's amount: English as it always was; another language in its currency and conventions. */
function amountOf(gift: MonthlyGiftRow): string {
  return gift.locale === 'en'
    ? formatCents(gift.amountCents)
    : formatCents(gift.amountCents, gift.currency, INTL_LOCALE[gift.locale]);
}

/** Whole sentences per action, so each language words them as it needs. */
function opening(action: GiftAction, gift: MonthlyGiftRow, i18n: I18n): string {
  const values = {
    amount: amountOf(gift),
    cause: gift.product.name,
    center: gift.centerName,
    brand: gift.cardBrand,
    lastFour: gift.cardLastFour,
  };
  const next = i18n._('The next charge is on {date}.', { date: formatDay(gift.nextChargeOn, gift.locale) });
  switch (action) {
    case 'amount':
      return `${i18n._('You changed your monthly gift to {cause} ({center}) to {amount} a month, from the next charge on.', values)} ${next}`;
    case 'tier':
      return `${i18n._('You changed your monthly gift to {cause} ({center}), {amount} a month, from the next charge on.', values)} ${next}`;
    case 'pause':
      return i18n._(
        'You paused your monthly gift to {cause} ({center}) of {amount}. Nothing is charged until you resume it.',
        values,
      );
    case 'resume':
      return `${i18n._('You resumed your monthly gift to {cause} ({center}) of {amount}.', values)} ${next}`;
    case 'card':
      // A stored PayPal or Venmo account has no digits to name.
      return gift.cardLastFour === ''
        ? `${i18n._('Your monthly gift to {cause} ({center}) of {amount} is now paid with your {brand} account.', values)} ${next}`
        : `${i18n._('Your monthly gift to {cause} ({center}) of {amount} is now charged to your {brand} ending in {lastFour}.', values)} ${next}`;
    case 'coverFee':
      return gift.coverFee
        ? `${i18n._('Your monthly gift to {cause} ({center}) now covers the processing fee too, so that all of your gift reaches the foundation.', values)} ${next}`
        : `${i18n._('Your monthly gift to {cause} ({center}) no longer covers the processing fee: {amount} a month is charged.', values)} ${next}`;
    case 'cancel':
      return i18n._(
        'You cancelled your monthly gift to {cause} ({center}) of {amount}. Nothing more will be charged. Thank you for your support.',
        values,
      );
  }
}

/** Queues the confirmation of `action` for the gift as it is after the change. */
export async function queueGiftChangeMail(
  tx: Pick<OutboxDb, 'insert'>,
  action: GiftAction,
  gift: MonthlyGiftRow,
  foundation: Foundation,
): Promise<void> {
  // Written now, in the gift's language: the message says what this change did.
  const { locale } = gift;
  const i18n = serverI18n(locale);
  const subject = i18n._(SUBJECTS[action]);
  const text = opening(action, gift, i18n);
  const greeting = greetingName(gift.firstName, locale);
  const running = gift.status === 'active';
  const manage = i18n._(MANAGE_LINK_TEXT);
  const details = [
    detail(i18n._('Gift'), gift.product.name),
    detail(i18n._('Amount'), i18n._('{amount} a month', { amount: amountOf(gift) })),
    detail(i18n._('Center'), gift.centerName),
    detail(
      i18n._('Status'),
      running
        ? i18n._('Charged on the {day, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} of each month', {
            day: gift.billingDay,
          })
        : gift.status === 'paused'
          ? i18n._('Paused')
          : i18n._('Cancelled'),
    ),
    // A stored PayPal or Venmo account is named by the wallet alone.
    gift.cardLastFour === ''
      ? detail(i18n._('Payment method'), gift.cardBrand)
      : detail(
          i18n._('Card'),
          i18n._('{brand} ending in {lastFour}', { brand: gift.cardBrand, lastFour: gift.cardLastFour }),
        ),
  ];
  const html = emailDocument({
    title: subject,
    foundationName: foundation.name,
    foundationUrl: foundation.url,
    kind: i18n._('Monthly gift'),
    greetingName: greeting,
    opening: text,
    details,
    sections: [linkButton(foundation.dashboardUrl, manage)],
    locale,
  });
  const plain = [
    dearLine(greeting, locale),
    '',
    text,
    '',
    `${manage}: ${foundation.dashboardUrl}`,
    '',
    foundation.name,
    foundation.url,
  ];
  await queueMail(tx, {
    kind: MONTHLY_GIFT_CHANGE_KIND,
    subjectId: `${gift.id}:${action}:${randomUUID()}`,
    to: gift.email,
    subject,
    html,
    text: `${plain.join('\n')}\n`,
  });
}
