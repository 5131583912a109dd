/**
 * The receipt e-mail's link to add the donor's address to a gift whose CRA receipt waits for it:
 * `${store}/receipt-address?token=<order id>.<HMAC>`, the account links' token (auth/account-link-
 * token.ts) under its own purpose, so no account link opens it and it opens nothing else. Nothing is
 * stored: the renderer makes it again at send time. It is single-purpose (the MAC), works for
 * RECEIPT_ADDRESS_LINK_DAYS after the gift, and does its work once (the order stops waiting).
 */
import { RECEIPT_ADDRESS_PATH } from '@store/shared/receipt-address';
import { type LinkKey, linkToken, readLinkToken } from '#src/modules/auth/account-link-token';

const PURPOSE = 'receipt-address';

export function receiptAddressLink(storeUrl: string, key: LinkKey, orderId: string): string {
  const token = linkToken(key, PURPOSE, orderId);
  return `${storeUrl.replace(/\/+$/, '')}${RECEIPT_ADDRESS_PATH}?token=${encodeURIComponent(token)}`;
}

/** The order id a genuine token names; undefined for anything forged, cut or of another purpose. */
export function readReceiptAddressToken(key: LinkKey, token: string): string | undefined {
  return readLinkToken(key, token, [PURPOSE])?.id;
}
