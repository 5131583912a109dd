/**
 * `/receipt-address?token=…`: where the receipt e-mail's "add your address" link lands (a gift to a
 * Canadian center made without the donor's address). No account needed: the link names the gift.
 * The page shows which gift it is, then the address form; a complete address issues the official
 * receipt, numbered and e-mailed then. The token stays in the URL; the page loads no outside
 * resource, so no Referer carries it anywhere.
 */
import './account.css';
import { formatDollars } from '@store/shared/money';
import {
  RECEIPT_ADDRESS_API,
  type ReceiptAddressGift,
  type ReceiptIssued,
  receiptAddressMessages,
} from '@store/shared/receipt-address';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { getJson, sendJson } from '#src/lib/api-client';
import { formatDay } from '#src/lib/format';
import { useDocumentTitle } from '#src/lib/use-document-title';
import { useFoundationTimeZone } from '#src/lib/use-foundation-time-zone';
import { InvalidLink } from './invalid-link';
import { isInvalidToken, tokenFrom } from './link-token';
import { ReceiptAddressForm } from './receipt-address-form';
import { ReceiptIssuedNotice } from './receipt-issued-notice';

const giftSchema = () => import('@store/shared/receipt-address').then((m) => m.receiptAddressGiftSchema);
const issuedSchema = () => import('@store/shared/receipt-address').then((m) => m.receiptIssuedSchema);

type Load =
  | { status: 'loading' }
  | { status: 'ready'; gift: ReceiptAddressGift }
  | { status: 'invalid' }
  | { status: 'failed'; message: string };

function DashboardWay() {
  return (
    <p>
      You can also add your address on your <Link to="/dashboard">dashboard</Link>, signed in with the e-mail address
      the gift was made with.
    </p>
  );
}

export function ReceiptAddressPage() {
  useDocumentTitle('Your Official Receipt');
  const [params] = useSearchParams();
  const token = tokenFrom(params);
  const [load, setLoad] = useState<Load>(token === '' ? { status: 'invalid' } : { status: 'loading' });
  const [issued, setIssued] = useState<ReceiptIssued | null>(null);
  const timeZone = useFoundationTimeZone();

  useEffect(() => {
    if (token === '') return;
    const controller = new AbortController();
    getJson(`${RECEIPT_ADDRESS_API}?token=${encodeURIComponent(token)}`, giftSchema, { signal: controller.signal })
      .then((gift) => setLoad({ status: 'ready', gift }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (isInvalidToken(error)) setLoad({ status: 'invalid' });
        else setLoad({ status: 'failed', message: error instanceof Error ? error.message : 'Please try again.' });
      });
    return () => controller.abort();
  }, [token]);

  return (
    <>
      <h1>Your Official Receipt</h1>
      {load.status === 'loading' && <p className="notice">Loading your gift...</p>}
      {load.status === 'invalid' && (
        <InvalidLink>
          <DashboardWay />
        </InvalidLink>
      )}
      {load.status === 'failed' && (
        <div className="notice notice--error" role="alert">
          <p>{load.message}</p>
        </div>
      )}
      {load.status === 'ready' && (
        <>
          <p>
            Your gift of <strong>{formatDollars(load.gift.amount)}</strong> to <strong>{load.gift.center}</strong> on{' '}
            {formatDay(load.gift.date, timeZone)}, from {load.gift.donorName}.
          </p>
          {issued ? (
            <ReceiptIssuedNotice issued={issued} />
          ) : load.gift.receiptNumber ? (
            <p className="notice" role="status">
              {receiptAddressMessages.alreadyIssued} Its number is {load.gift.receiptNumber}.
            </p>
          ) : (
            <>
              <p>
                {receiptAddressMessages.notOfficial} A Canadian official donation receipt must show your address: add it
                below and your official receipt is issued and e-mailed to you at once.
              </p>
              <ReceiptAddressForm
                send={(address) => sendJson(RECEIPT_ADDRESS_API, { token, ...address }, issuedSchema)}
                onIssued={setIssued}
              />
              <DashboardWay />
            </>
          )}
        </>
      )}
    </>
  );
}
