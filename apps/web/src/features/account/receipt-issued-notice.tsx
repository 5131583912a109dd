import type { ReceiptIssued } from '@store/shared/receipt-address';
import { useEffect, useRef } from 'react';

/** The official receipt just issued: its number, in the server's words; takes focus to be read out. */
export function ReceiptIssuedNotice({ issued }: { issued: ReceiptIssued }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} className="notice receipt-issued" role="status" tabIndex={-1}>
      <p>{issued.message}</p>
    </div>
  );
}
