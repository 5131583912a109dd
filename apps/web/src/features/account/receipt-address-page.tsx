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
import { knownText } from '#src/lib/i18n/known-text';
import { Trans } from '#src/lib/i18n/trans';
import { useLingui } from '#src/lib/i18n/use-lingui';
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
  /** `message`: the error's, as it came (null: none to show); worded in the page's language when shown. */
  | { status: 'failed'; message: string | null };

function DashboardWay() {
  return (
    <p>
      <Trans
        id={
          /*i18n*/ 'You can also add your address on your <0>dashboard</0>, signed in with the e-mail address the gift was made with.'
        }
        components={{ 0: <Link to="/dashboard" /> }}
      />
    </p>
  );
}

export function ReceiptAddressPage() {
  const { i18n } = useLingui();
  useDocumentTitle(i18n._('Your Official Receipt'));
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
        else setLoad({ status: 'failed', message: error instanceof Error ? error.message : null });
      });
    return () => controller.abort();
  }, [token]);

  return (
    <>
      <h1>{i18n._('Your Official Receipt')}</h1>
      {load.status === 'loading' && <p className="notice">{i18n._('Loading your gift...')}</p>}
      {load.status === 'invalid' && (
        <InvalidLink>
          <DashboardWay />
        </InvalidLink>
      )}
      {load.status === 'failed' && (
        <div className="notice notice--error" role="alert">
          <p>{load.message === null ? i18n._('Please try again.') : knownText(i18n, load.message)}</p>
        </div>
      )}
      {load.status === 'ready' && (
        <>
          <p>
            <Trans
              id={/*i18n*/ 'Your gift of <0>{amount}</0> to <1>{center}</1> on {day}, from {donorName}.'}
              values={{
                amount: formatDollars(load.gift.amount),
                center: load.gift.center,
                day: formatDay(load.gift.date, timeZone),
                donorName: load.gift.donorName,
              }}
              components={{ 0: <strong />, 1: <strong /> }}
            />
          </p>
          {issued ? (
            <ReceiptIssuedNotice issued={issued} />
          ) : load.gift.receiptNumber ? (
            <p className="notice" role="status">
              {i18n._(receiptAddressMessages.alreadyIssued)}{' '}
              {i18n._('Its number is {number}.', { number: load.gift.receiptNumber })}
            </p>
          ) : (
            <>
              <p>
                {i18n._(receiptAddressMessages.notOfficial)}{' '}
                {i18n._(
                  'A Canadian official donation receipt must show your address: add it below and your official receipt is issued and e-mailed to you at once.',
                )}
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
