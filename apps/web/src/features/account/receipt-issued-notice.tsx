import { type ReceiptIssued, receiptAddressMessages } from '@store/shared/receipt-address';
import { useEffect, useRef } from 'react';
import { useLingui } from '#src/lib/i18n/use-lingui';

/**
 * The official receipt just issued: its number, in the server's words (receiptAddressMessages.issued,
 * worded here in the page's language from the number); takes focus to be read out.
 */
export function ReceiptIssuedNotice({ issued }: { issued: ReceiptIssued }) {
  const { i18n } = useLingui();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} className="notice receipt-issued" role="status" tabIndex={-1}>
      <p>{i18n._(receiptAddressMessages.issued, { number: issued.receiptNumber })}</p>
    </div>
  );
}
