/**
 * A donor row's 'PDF' (issue 20): the receipt as the donor got it, for an administrator. The report's
 * credentials live in memory, not in a cookie, so the file is fetched with them rather than linked.
 * A failure is a toast: the table's cell has no room for a sentence.
 */

import { receiptPdfLabel } from '@store/shared/tax-receipts';
import toast from 'react-hot-toast';
import { downloadReceiptPdf } from './download-receipt-pdf';
import type { ReportCredentials } from './report-credentials';
import { useReportDownload } from './use-report-download';

type ReceiptPdfButtonProps = {
  orderId: string;
  receiptNumber: string;
  credentials: ReportCredentials;
  onUnauthorized: () => void;
};

export function ReceiptPdfButton({ orderId, receiptNumber, credentials, onUnauthorized }: ReceiptPdfButtonProps) {
  const { busy, download } = useReportDownload(onUnauthorized, (reason) =>
    // One toast per receipt: a second click after a failure replaces it rather than stacking.
    toast.error(`Could not download receipt ${receiptNumber}. ${reason}`, { id: `receipt-pdf-${orderId}` }),
  );

  return (
    <button
      type="button"
      className="report-table__pdf"
      aria-label={receiptPdfLabel(receiptNumber)}
      disabled={busy}
      aria-busy={busy || undefined}
      onClick={() => download((signal) => downloadReceiptPdf(credentials, { orderId, receiptNumber }, signal))}
    >
      {busy ? 'PDF…' : 'PDF'}
    </button>
  );
}
