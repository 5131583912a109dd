/**
 * The employer's payment for a gift flagged for matching, recorded by a treasurer as an
 * OFFLINE gift linked to the donor's (orders.matches_order_id): the donor's name, e-mail and center,
 * the gift's currency and entity, one line "Matched by {employer}", numbered in the entity's receipt
 * series like every offline gift (ledger's insertNumberedOfflineOrder), with its audit line, in ONE
 * transaction. A gift is matched once: the unique index on matches_order_id refuses a second match,
 * also one racing the first, and the second is a 409 that changes nothing.
 *
 * Not deductible by the donor (deductible_cents = 0): the employer gave it, the donor did not, so no
 * statement counts it in the donor's deductible total (statements list it beside the gift).
 *
 * No receipt e-mail is queued, unlike recordOfflineGift: its receipt would go to the donor's address
 * as a gift the donor made, which the donor did not (and might claim). The employer's matching
 * programme keeps its own records; the treasurer can print the receipt from the back office.
 */
import { randomUUID } from 'node:crypto';
import type { MarkMatchedRequest } from '@store/shared/matching';
import { type OfflineGiftDates, offlineGiftDateProblem } from '@store/shared/offline-gift-dates';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { isUniqueViolation } from '#src/db/unique-violation';
import { AppError } from '#src/errors/app-error';
import { canonicalHash } from '#src/lib/canonical-json';
import { homeAmountOf } from '#src/modules/exchange-rates/home-amount';
import { insertNumberedOfflineOrder, orders, type ReceiptSettings, receiptSeries } from '#src/modules/ledger/index';
import { offlinePaymentMethod } from '#src/modules/offline-gifts/record-offline-gift';
import { type AuditActor, recordAudit } from '#src/modules/staff/audit';
import { flaggedGift } from './list-matching-gifts';

export type MarkMatchedOptions = {
  db: Database;
  orderId: string;
  input: MarkMatchedRequest;
  actor: AuditActor;
  receipts: ReceiptSettings;
  /** The days an offline gift may be dated (offlineGiftDatesNow). */
  dates: OfflineGiftDates;
  homeCurrency: Parameters<typeof homeAmountOf>[1]['homeCurrency'];
};

const refused = (message: string, field: string, problem: string) =>
  new AppError('validation_error', message, { fields: { [field]: problem } });

const alreadyMatched = () =>
  new AppError('conflict', "This gift is already marked matched: the employer's payment is recorded once.");

/** Throws 404 (not a flagged paid gift), 409 (matched already) or 400; returns the match's order id. */
export async function markMatched(options: MarkMatchedOptions): Promise<string> {
  const { db, orderId, input, actor, receipts } = options;
  const [gift] = await db
    .select({
      id: orders.id,
      employer: orders.matchingEmployer,
      currency: orders.currency,
      entityKey: orders.entityKey,
      centerId: orders.centerId,
      centerName: orders.centerName,
      firstName: orders.firstName,
      lastName: orders.lastName,
      email: orders.email,
      donorAddress: orders.donorAddress,
      giftDay: sql<string>`to_char(${orders.createdAt} at time zone ${receipts.timeZone}, 'YYYY-MM-DD')`,
      matchedBy: sql<string | null>`(select m.id from ${orders} as m where m.matches_order_id = ${orders.id})`,
    })
    .from(orders)
    .where(and(eq(orders.id, orderId), flaggedGift()));
  if (!gift?.employer) throw new AppError('not_found', 'No gift flagged for matching has this id.');
  if (gift.matchedBy) throw alreadyMatched();
  // Dated like an offline gift (an open tax year, not in the future), and not before the gift itself.
  const dateProblem = offlineGiftDateProblem(input.receivedOn, options.dates);
  if (dateProblem) throw refused(`The date received ${dateProblem}.`, 'receivedOn', dateProblem);
  if (input.receivedOn < gift.giftDay) {
    const problem = `cannot be before the gift (${gift.giftDay})`;
    throw refused(`The date received ${problem}.`, 'receivedOn', problem);
  }
  const home = await homeAmountOf(db, {
    currency: gift.currency as Parameters<typeof homeAmountOf>[1]['currency'],
    amountCents: input.amountCents,
    at: new Date(`${input.receivedOn}T12:00:00Z`),
    timeZone: receipts.timeZone,
    homeCurrency: options.homeCurrency,
  });
  const { series, prefix } = receiptSeries(receipts, gift.entityKey);
  const id = randomUUID();
  try {
    await db.transaction(async (tx) => {
      await insertNumberedOfflineOrder(
        tx,
        {
          id,
          // One match per gift: the key says so too, beside the unique index on matches_order_id.
          idempotencyKey: `match:${gift.id}`,
          requestHash: canonicalHash(input),
          status: 'succeeded',
          amountCents: input.amountCents,
          currency: gift.currency,
          entityKey: gift.entityKey,
          ...home,
          centerId: gift.centerId,
          centerName: gift.centerName,
          firstName: gift.firstName,
          lastName: gift.lastName,
          email: gift.email,
          mobile: '',
          products: [
            {
              id: 0,
              name: `Matched by ${gift.employer}`,
              unitCents: input.amountCents,
              quantity: 1,
              custom: true,
              benefit: 'none',
              fairMarketValueCents: 0,
            },
          ],
          itemCount: 1,
          gateway: 'offline',
          test: false,
          // The employer's gift, not the donor's deduction.
          deductibleCents: 0,
          donorAddress: gift.donorAddress,
          paymentMethod: offlinePaymentMethod(input),
          source: 'offline',
          offlineMethod: input.method,
          offlineReference: input.reference,
          receivedOn: input.receivedOn,
          recordedBy: actor.id,
          matchesOrderId: gift.id,
          createdAt: sql`(${input.receivedOn}::date + time '12:00') at time zone ${receipts.timeZone}`,
        },
        { series, prefix, year: Number(input.receivedOn.slice(0, 4)) },
      );
      await recordAudit(tx, {
        actor,
        action: 'matching.match',
        targetType: 'order',
        targetId: gift.id,
        after: { matchOrderId: id, employer: gift.employer, ...input },
      });
    });
  } catch (error) {
    // A second mark at the same moment lost on the unique index: nothing of it was written.
    if (isUniqueViolation(error)) throw alreadyMatched();
    throw error;
  }
  return id;
}
