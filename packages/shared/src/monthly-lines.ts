/**
 * Monthly giving's bucket rules (issue 22) without zod, so the store's first load can use them
 * (decision 0020): which items may be monthly, a line made monthly, and what a bucket charges today
 * and then every month. The API's shapes and the calendar rules are in monthly-giving.ts.
 */
import { type CartLine, lineKey } from './cart';
import { dollarsToCents } from './money';

/** Items that may be given monthly: the open-amount causes (7, 8) and every concert tier. */
export function canGiveMonthly(item: { id: number }, concertIds: readonly number[]): boolean {
  return item.id === 7 || item.id === 8 || concertIds.includes(item.id);
}

/** The same line given every month: its own key (a monthly and a one-time line are two lines). */
export function asMonthly(line: CartLine): CartLine {
  const monthly = { ...line, monthly: true };
  return { ...monthly, key: lineKey(monthly) };
}

/** What the monthly lines charge every month from the next one on, in cents. */
export function monthlyCents(lines: readonly CartLine[]): number {
  return lines.filter((l) => l.monthly === true).reduce((sum, l) => sum + dollarsToCents(l.price) * l.quantity, 0);
}

/** The latest billing day: every month has a 28th. */
export const BILLING_DAY_MAX = 28;

/** The billing day of a gift started on a day of the month: that day, at most the 28th. */
export function billingDayFor(dayOfMonth: number): number {
  return Math.min(dayOfMonth, BILLING_DAY_MAX);
}

/** '1st', '2nd', '3rd', '15th', '22nd', '28th': for "on the 15th of each month". */
export function ordinalDay(day: number): string {
  const teen = day % 100 >= 11 && day % 100 <= 13;
  const suffix = teen ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10];
  return `${day}${suffix ?? 'th'}`;
}

/**
 * Monthly giving's texts, marked for the message catalogues (decision 0042). `{day}` is the billing
 * day as a number: ICU's selectordinal writes it '15th' in English and as each language counts.
 */
export const monthlyTexts = {
  oneTime: /*i18n*/ 'One-time',
  monthly: /*i18n*/ 'Monthly',
  frequency: /*i18n*/ 'How often',
  giveMonthly: /*i18n*/ 'Give monthly',
  monthlyHint:
    /*i18n*/ 'Monthly: charged today, then on this day each month. Change or cancel any time from your dashboard.',
  today: /*i18n*/ 'Today: {amount}',
  eachMonth:
    /*i18n*/ 'Then {amount} on the {day, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} of each month',
  thanks:
    /*i18n*/ 'Your monthly gift of {amount} will be charged on the {day, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} of each month.',
  accountNeeded: /*i18n*/ 'Monthly gifts need an account',
  accountHint:
    /*i18n*/ 'Choose a password for an account under the e-mail above: Place Order creates it with your gift. You will manage your monthly gifts from its dashboard.',
  createAccount: /*i18n*/ 'Create account',
  creatingAccount: /*i18n*/ 'Creating account…',
  signInInstead: /*i18n*/ 'Already have an account? Sign in',
  signedInAs: /*i18n*/ 'Signed in as {email}. Your monthly gift will be on your dashboard.',
  emailFirst: /*i18n*/ 'Please enter your e-mail address above first.',
  /** Under Place Order when the bucket has a monthly line: the card must outlive this payment. */
  cardKeptForMonthly:
    /*i18n*/ 'Secure payment: your card is kept by our payment provider for the monthly charge, and its details are never stored on this site.',
} as const;
