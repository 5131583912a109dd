/**
 * On /dashboard, the donor's gifts to a Canadian center made without their address: each receipt is
 * not an official one until the address is added here (or from the receipt e-mail's link), which
 * issues the official receipt, numbered and e-mailed then.
 */
import type { AccountActivity } from '@store/shared/auth';
import { formatDollars } from '@store/shared/money';
import { accountReceiptAddressPath, type ReceiptIssued } from '@store/shared/receipt-address';
import { useState } from 'react';
import { sendJson } from '#src/lib/api-client';
import { formatDay } from '#src/lib/format';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { useFoundationTimeZone } from '#src/lib/use-foundation-time-zone';
import { ReceiptAddressForm } from './receipt-address-form';
import { ReceiptIssuedNotice } from './receipt-issued-notice';

export const AWAITING_RECEIPTS = /*i18n*/ 'Official receipts waiting for your address';

type Donation = AccountActivity['donations'][number];

const issuedSchema = () => import('@store/shared/receipt-address').then((m) => m.receiptIssuedSchema);

function AwaitingReceipt({ donation }: { donation: Donation }) {
  const { i18n } = useLingui();
  const [issued, setIssued] = useState<ReceiptIssued | null>(null);
  const headingId = `awaiting-${donation.orderId}`;
  const timeZone = useFoundationTimeZone();
  return (
    <article className="awaiting-receipt" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {i18n._('{amount} to {center}, {day}', {
          amount: formatDollars(donation.amount, donation.currency),
          center: donation.center,
          day: formatDay(donation.date, timeZone),
        })}
      </h3>
      {issued ? (
        <ReceiptIssuedNotice issued={issued} />
      ) : (
        <ReceiptAddressForm
          send={(address) => sendJson(accountReceiptAddressPath(donation.orderId), address, issuedSchema)}
          onIssued={setIssued}
        />
      )}
    </article>
  );
}

export function AwaitingReceipts({ donations }: { donations: AccountActivity['donations'] }) {
  const { i18n } = useLingui();
  const awaiting = donations.filter((donation) => donation.awaitingAddress);
  if (awaiting.length === 0) return null;
  return (
    <section className="account-section" aria-labelledby="awaiting-receipts-heading">
      <h2 id="awaiting-receipts-heading">{i18n._(AWAITING_RECEIPTS)}</h2>
      <p>
        {i18n._(
          "These gifts' receipts are not official receipts for income tax purposes yet. A Canadian official donation receipt must show your address: add it below and the official receipt is issued and e-mailed to you.",
        )}
      </p>
      {awaiting.map((donation) => (
        <AwaitingReceipt key={donation.orderId} donation={donation} />
      ))}
    </section>
  );
}
