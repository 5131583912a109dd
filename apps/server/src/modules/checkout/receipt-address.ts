/**
 * Adding the donor's address to a gift whose CRA receipt waits for it, from the receipt e-mail's
 * link (no account needed: the link's token names the order) or from /dashboard (a signed-in donor's
 * own gift). A complete address issues the official receipt then (issue-official-receipt.ts); a
 * second submit changes nothing and says the receipt was already issued (409).
 *
 * The link's page is public, so it is limited like 'Forgot password?': per client address, 20
 * requests with a bad, expired or used-up token an hour (the login limiter's table, its own realm),
 * then 429 with Retry-After. A forged token costs no query (its MAC is checked first).
 */
import { authMessages } from '@store/shared/auth';
import { centsToDollars } from '@store/shared/money';
import {
  type DonorAddressValue,
  RECEIPT_ADDRESS_LINK_DAYS,
  type ReceiptAddressGift,
  type ReceiptIssued,
  receiptAddressMessages,
} from '@store/shared/receipt-address';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#src/db/client';
import { type AccountOwner, ownedBy } from '#src/db/owned-by';
import { AppError } from '#src/errors/app-error';
import { serverI18n } from '#src/i18n/server-i18n';
import {
  createLoginLimiter,
  type LoginLimits,
  REPORT_LOGIN_LIMITS,
  TooManyLoginsError,
} from '#src/modules/admins/login-limit';
import type { LinkKey } from '#src/modules/auth/account-link-token';
import type { ReceiptSettings } from '#src/modules/ledger/index';
import { issueOfficialReceipt, orders } from '#src/modules/ledger/index';
import { readReceiptAddressToken } from './receipt-address-link';

export const RECEIPT_ADDRESS_REALM = 'receipt-address';
/** Bad links per client address an hour: a donor's mistyped or stale links, never a sweep. */
export const RECEIPT_ADDRESS_LIMITS: LoginLimits = { ...REPORT_LOGIN_LIMITS, perAddress: 20, windowSeconds: 60 * 60 };

export type ReceiptAddress = {
  /** The gift a link names, for its page. AppError invalid_token (400) for a bad or expired link. */
  readGift(token: string, clientIp: string): Promise<ReceiptAddressGift>;
  /** Adds the address through the link: the official receipt issued, or 409 when it was already. */
  addByLink(token: string, address: DonorAddressValue, clientIp: string): Promise<ReceiptIssued>;
  /** Adds the address of a signed-in donor's own gift: as addByLink, 404 for a gift not theirs. */
  addForOwner(owner: AccountOwner, orderId: string, address: DonorAddressValue): Promise<ReceiptIssued>;
};

function invalidLink(): AppError {
  return new AppError('invalid_token', authMessages.invalidToken, { fields: { token: authMessages.invalidToken } });
}

function alreadyIssued(receiptNumber: string | null): AppError {
  const message = receiptNumber
    ? `${receiptAddressMessages.alreadyIssued} Its number is ${receiptNumber}.`
    : receiptAddressMessages.alreadyIssued;
  return new AppError('conflict', message);
}

const giftColumns = {
  id: orders.id,
  firstName: orders.firstName,
  lastName: orders.lastName,
  centerName: orders.centerName,
  amountCents: orders.amountCents,
  createdAt: orders.createdAt,
  receivedOn: orders.receivedOn,
  receiptNumber: orders.receiptNumber,
  receiptAwaitsAddress: orders.receiptAwaitsAddress,
  /** The link works this long after the gift, in the database's clock (like the account links'). */
  linkLive: sql<boolean>`${orders.createdAt} > now() - ${sql.raw(`interval '${RECEIPT_ADDRESS_LINK_DAYS} days'`)}`,
};

export function createReceiptAddress({
  db,
  key,
  receipts,
  logger,
}: {
  db: Database;
  key: LinkKey;
  /** Receipt numbering as the entities now stand (the owner may add one, with its series). */
  receipts: () => Promise<ReceiptSettings>;
  logger: FastifyBaseLogger;
}): ReceiptAddress {
  const limiter = createLoginLimiter({
    db,
    realm: RECEIPT_ADDRESS_REALM,
    limits: RECEIPT_ADDRESS_LIMITS,
    accountKey: () => undefined,
    logger,
  });

  async function findGift(where: SQL | undefined) {
    const [gift] = await db
      .select(giftColumns)
      .from(orders)
      .where(and(eq(orders.status, 'succeeded'), where));
    return gift;
  }

  /** The gift of a genuine, live link; a bad one is counted toward the client address's limit. */
  async function giftOfLink(token: string, clientIp: string) {
    await limiter.check({ ip: clientIp, username: '' }).catch((error: unknown) => {
      if (error instanceof TooManyLoginsError) throw new TooManyLoginsError(error.retryAfterSeconds, 'invalid links');
      throw error;
    });
    const orderId = readReceiptAddressToken(key, token);
    const gift = orderId ? await findGift(eq(orders.id, orderId)) : undefined;
    if (!gift?.linkLive) {
      await limiter.recordFailure({ ip: clientIp, username: '' });
      throw invalidLink();
    }
    return gift;
  }

  async function issue(
    gift: { id: string; receiptNumber: string | null; receiptAwaitsAddress: boolean },
    address: DonorAddressValue,
  ) {
    if (!gift.receiptAwaitsAddress) throw alreadyIssued(gift.receiptNumber);
    const receiptNumber = await issueOfficialReceipt(db, { orderId: gift.id, address, receipts: await receipts() });
    if (!receiptNumber) {
      // Another submit issued it between the read and this statement.
      const now = await findGift(eq(orders.id, gift.id));
      throw alreadyIssued(now?.receiptNumber ?? null);
    }
    // In English, as the server's answers are; the pages word it themselves from the number.
    return { receiptNumber, message: serverI18n('en')._(receiptAddressMessages.issued, { number: receiptNumber }) };
  }

  return {
    async readGift(token, clientIp) {
      const gift = await giftOfLink(token, clientIp);
      return {
        donorName: `${gift.firstName} ${gift.lastName}`.trim(),
        center: gift.centerName,
        amount: centsToDollars(gift.amountCents),
        date: gift.receivedOn ?? gift.createdAt.toISOString(),
        receiptNumber: gift.receiptAwaitsAddress ? null : gift.receiptNumber,
      };
    },

    async addByLink(token, address, clientIp) {
      return issue(await giftOfLink(token, clientIp), address);
    },

    async addForOwner(owner, orderId, address) {
      const gift = await findGift(and(eq(orders.id, orderId), ownedBy(owner, orders.userId, orders.email)));
      if (!gift) throw new AppError('not_found', 'No gift of yours has this order id.');
      return issue(gift, address);
    },
  };
}
