/**
 * The e-mail confirming a donor's change to a monthly gift (issue 22): one kind for every action,
 * queued in the change's transaction. Written when queued, not when sent: it says what this change
 * did, even if the donor changes the gift again before the worker sends it. Each change is its own
 * message (the outbox keeps one per kind and subject), so the subject id names the gift, the action
 * and the change.
 */
import { randomUUID } from 'node:crypto';
import { formatCents } from '@store/shared/money';
import { ordinalDay } from '@store/shared/monthly-giving';
import { formatDay } from '#src/modules/mail/date-format';
import { detail, emailDocument } from '#src/modules/mail/email-layout';
import { greetingName } from '#src/modules/mail/greeting';
import { linkButton } from '#src/modules/mail/link-button';
import { type OutboxDb, queueMail } from '#src/modules/mail/outbox';
import type { MonthlyGiftRow } from './tables';

export const MONTHLY_GIFT_CHANGE_KIND = 'monthly-gift-change';

export type GiftAction = 'amount' | 'tier' | 'pause' | 'resume' | 'card' | 'cancel';

/** Who the mail is from, and the donor's dashboard (absolute: lib/dashboard-url.ts) where the gift is managed. */
export type Foundation = { name: string; url: string; dashboardUrl: string };

const SUBJECTS: Record<GiftAction, string> = {
  amount: 'Your monthly gift: new amount',
  tier: 'Your monthly gift: new tier',
  pause: 'Your monthly gift is paused',
  resume: 'Your monthly gift is resumed',
  card: 'Your monthly gift: card updated',
  cancel: 'Your monthly gift is cancelled',
};

const MANAGE_LINK_TEXT = 'Manage your monthly gifts on your dashboard';

function opening(action: GiftAction, gift: MonthlyGiftRow): string {
  const amount = formatCents(gift.amountCents);
  const what = `your monthly gift to ${gift.product.name} (${gift.centerName})`;
  const next = `The next charge is on ${formatDay(gift.nextChargeOn)}.`;
  switch (action) {
    case 'amount':
      return `You changed ${what} to ${amount} a month, from the next charge on. ${next}`;
    case 'tier':
      return `You changed your monthly gift to ${gift.product.name} (${gift.centerName}), ${amount} a month, from the next charge on. ${next}`;
    case 'pause':
      return `You paused ${what} of ${amount}. Nothing is charged until you resume it.`;
    case 'resume':
      return `You resumed ${what} of ${amount}. ${next}`;
    case 'card':
      return `${what.charAt(0).toUpperCase()}${what.slice(1)} of ${amount} is now charged to your ${gift.cardBrand} ending in ${gift.cardLastFour}. ${next}`;
    case 'cancel':
      return `You cancelled ${what} of ${amount}. Nothing more will be charged. Thank you for your support.`;
  }
}

/** Queues the confirmation of `action` for the gift as it is after the change. */
export async function queueGiftChangeMail(
  tx: Pick<OutboxDb, 'insert'>,
  action: GiftAction,
  gift: MonthlyGiftRow,
  foundation: Foundation,
): Promise<void> {
  const subject = SUBJECTS[action];
  const text = opening(action, gift);
  const greeting = greetingName(gift.firstName);
  const running = gift.status === 'active';
  const details = [
    detail('Gift', gift.product.name),
    detail('Amount', `${formatCents(gift.amountCents)} a month`),
    detail('Center', gift.centerName),
    detail(
      'Status',
      running
        ? `Charged on the ${ordinalDay(gift.billingDay)} of each month`
        : gift.status === 'paused'
          ? 'Paused'
          : 'Cancelled',
    ),
    detail('Card', `${gift.cardBrand} ending in ${gift.cardLastFour}`),
  ];
  const html = emailDocument({
    title: subject,
    foundationName: foundation.name,
    foundationUrl: foundation.url,
    kind: 'Monthly gift',
    greetingName: greeting,
    opening: text,
    details,
    sections: [linkButton(foundation.dashboardUrl, MANAGE_LINK_TEXT)],
  });
  const plain = [
    `Dear ${greeting},`,
    '',
    text,
    '',
    `${MANAGE_LINK_TEXT}: ${foundation.dashboardUrl}`,
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
