/**
 * An offline gift (issue 21): cash, a cheque or a bank transfer handed in at a center, recorded by a
 * treasurer. It becomes a paid order marked `offline` (no gateway: the money already moved), dated
 * the day it was received (noon in the foundation's zone, so the receipt's date and year are that
 * day's), with its receipt number and receipt e-mail like any other gift, all in ONE transaction
 * with its audit line. The Idempotency-Key makes a double click record it once. Its line names the
 * cause it was given for, when one was chosen; a center whose receipt needs the donor's address
 * (a Canadian one) takes no gift without it.
 */
import { randomUUID } from 'node:crypto';
import { isOpenAmount } from '@store/shared/catalogue';
import { type OfflineGiftDates, offlineGiftDateProblem } from '@store/shared/offline-gift-dates';
import { entityOfCenter } from '@store/shared/prices';
import { DONOR_ADDRESS_PARTS, receiptAddressMessages, receiptNeedsDonorAddress } from '@store/shared/receipt-address';
import type { Entity, Site } from '@store/shared/site';
import { OFFLINE_METHOD_LABELS, type offlineGiftRequestSchema } from '@store/shared/staff';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '#src/db/client';
import { isUniqueViolation } from '#src/db/unique-violation';
import { AppError } from '#src/errors/app-error';
import { canonicalHash } from '#src/lib/canonical-json';
import { homeAmountOf } from '#src/modules/exchange-rates/home-amount';
import {
  insertNumberedOfflineOrder,
  type OrderProduct,
  orders,
  RECEIPT_KIND,
  type ReceiptSettings,
  receiptSeries,
} from '#src/modules/ledger/index';
import { queueMail } from '#src/modules/mail/outbox';
import { type AuditActor, recordAudit } from '#src/modules/staff/audit';

export type OfflineGiftInput = z.infer<typeof offlineGiftRequestSchema>;

/** Orders' idempotency keys are one namespace with the checkout's: these cannot meet them. */
const keyOf = (idempotencyKey: string) => `offline:${idempotencyKey}`;

const GIFT_NAME = 'Gift';

/** 'Cheque no. 1042', 'Bank transfer, reference AB-77', 'Cash': what the receipt says was given. */
export function offlinePaymentMethod(input: Pick<OfflineGiftInput, 'method' | 'reference'>): string {
  const label = OFFLINE_METHOD_LABELS[input.method];
  if (!input.reference) return label;
  return input.method === 'cheque' ? `${label} no. ${input.reference}` : `${label}, reference ${input.reference}`;
}

/** The centers and causes as staff edit them now. */
export type OfflineGiftSite = Pick<Site, 'centers' | 'catalogue' | 'entities' | 'exchangeRates'>;

const refused = (message: string, fields: Record<string, string>) =>
  new AppError('validation_error', message, { fields });

/**
 * The gift's center, and the line it is recorded as, or a 400 naming each refused field. Its
 * messages are said to the treasurer: the field's own at the field, the whole in words.
 */
function checkInput(
  input: OfflineGiftInput,
  site: OfflineGiftSite,
  dates: OfflineGiftDates,
): { centerName: string; product: OrderProduct; entity: Entity } {
  const center = site.centers.find((c) => c.id === input.centerId);
  const entity = center && entityOfCenter(site.entities, center);
  if (!center || !entity) throw refused('Choose one of the centers.', { centerId: 'Choose one of the centers' });
  if (input.method !== 'cash' && !input.reference) {
    throw refused('The cheque number or bank reference is required.', {
      reference: 'Required for a cheque or a bank transfer',
    });
  }
  // Before anything is written: a refused date takes no receipt number.
  const dateProblem = offlineGiftDateProblem(input.receivedOn, dates);
  if (dateProblem) throw refused(`The date received ${dateProblem}.`, { receivedOn: dateProblem });
  if (receiptNeedsDonorAddress(center) && !input.donorAddress) {
    const fields = Object.fromEntries(
      DONOR_ADDRESS_PARTS.map((part) => [`donorAddress.${part}`, receiptAddressMessages[part]]),
    );
    throw refused(`A receipt of ${center.name} needs the donor's address.`, fields);
  }
  // The gift is the center's entity's, in its currency: the treasurer enters the amount in it.
  return { centerName: center.name, product: lineOf(input, site), entity };
}

/**
 * The order's one line: named after its cause as an online gift to that cause is (the report's
 * products, the receipt), with the treasurer's words as its note; without a cause, named by them.
 * A pure gift either way: nothing was received for it.
 */
function lineOf(input: OfflineGiftInput, site: OfflineGiftSite): OrderProduct {
  const line = {
    unitCents: input.amountCents,
    quantity: 1,
    custom: true,
    benefit: 'none',
    fairMarketValueCents: 0,
  } as const;
  if (input.causeId === undefined) return { id: 0, name: input.description || GIFT_NAME, ...line };
  // An archived cause takes no new gifts, as at the checkout; a fixed-price item is not a cause.
  const cause = site.catalogue.find((item) => item.id === input.causeId && !item.archived && isOpenAmount(item));
  if (!cause) throw refused('Choose one of the causes.', { causeId: 'Choose one of the causes' });
  return { id: cause.id, name: cause.name, ...line, ...(input.description ? { note: input.description } : {}) };
}

export type RecordOfflineGiftOptions = {
  db: Database;
  input: OfflineGiftInput;
  idempotencyKey: string;
  actor: AuditActor;
  site: () => Promise<OfflineGiftSite>;
  receipts: ReceiptSettings;
  /** The days a gift may be dated (offlineGiftDatesNow). */
  dates: OfflineGiftDates;
};

/** The order's id: the first one recorded under this key (a repeat records nothing). */
export async function recordOfflineGift(
  options: RecordOfflineGiftOptions,
): Promise<{ orderId: string; replayed: boolean }> {
  const { db, input, idempotencyKey, actor, receipts } = options;
  const site = await options.site();
  const { centerName, product, entity } = checkInput(input, site, options.dates);
  const home = await homeAmountOf(db, {
    currency: entity.currency,
    amountCents: input.amountCents,
    // Noon of the day received, as the order is dated below.
    at: new Date(`${input.receivedOn}T12:00:00Z`),
    timeZone: receipts.timeZone,
    homeCurrency: site.exchangeRates.homeCurrency,
  });
  const { series, prefix } = receiptSeries(receipts, entity.key);
  const requestHash = canonicalHash(input);
  const earlier = await findByKey(db, idempotencyKey, requestHash);
  if (earlier) return { orderId: earlier, replayed: true };
  const id = randomUUID();
  try {
    await db.transaction(async (tx) => {
      const year = Number(input.receivedOn.slice(0, 4));
      await insertNumberedOfflineOrder(
        tx,
        {
          id,
          idempotencyKey: keyOf(idempotencyKey),
          requestHash,
          status: 'succeeded',
          amountCents: input.amountCents,
          currency: entity.currency,
          entityKey: entity.key,
          ...home,
          centerId: input.centerId,
          centerName,
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          mobile: '',
          products: [product],
          itemCount: 1,
          gateway: 'offline',
          test: false,
          deductibleCents: input.amountCents,
          donorAddress: input.donorAddress ?? null,
          paymentMethod: offlinePaymentMethod(input),
          source: 'offline',
          offlineMethod: input.method,
          offlineReference: input.reference || null,
          receivedOn: input.receivedOn,
          recordedBy: actor.id,
          // Noon of the day received, in the foundation's zone: the receipt's date, and its year's number.
          createdAt: sql`(${input.receivedOn}::date + time '12:00') at time zone ${receipts.timeZone}`,
        },
        { series, prefix, year },
      );
      await queueMail(tx, { kind: RECEIPT_KIND, subjectId: id });
      await recordAudit(tx, {
        actor,
        action: 'offline-gift.create',
        targetType: 'order',
        targetId: id,
        after: { ...input, email: input.email },
      });
    });
  } catch (error) {
    // Two clicks at once: the second lost the insert on the key; answer the first.
    if (!isUniqueViolation(error)) throw error;
    const winner = await findByKey(db, idempotencyKey, requestHash);
    if (!winner) throw error;
    return { orderId: winner, replayed: true };
  }
  return { orderId: id, replayed: false };
}

async function findByKey(db: Database, idempotencyKey: string, requestHash: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: orders.id, requestHash: orders.requestHash })
    .from(orders)
    .where(eq(orders.idempotencyKey, keyOf(idempotencyKey)));
  if (!row) return undefined;
  if (row.requestHash !== requestHash) {
    throw new AppError('idempotency_key_reused', 'This Idempotency-Key was used for another gift. Start a new entry.');
  }
  return row.id;
}
