/**
 * A donor row's 'PDF' (issue 20): the receipt as the donor got it, for an administrator. The report's
 * credentials live in memory, not in a cookie, so the file is fetched with them rather than linked.
 * A failure is a toast: the table's cell has no room for a sentence.
 */

import { receiptPdfLabel } from '@store/shared/tax-receipts';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { ApiClientError } from '#src/lib/api-client';
import { downloadReceiptPdf } from './download-receipt-pdf';
import type { ReportCredentials } from './report-credentials';

type ReceiptPdfButtonProps = {
  orderId: string;
  receiptNumber: string;
  credentials: ReportCredentials;
  onUnauthorized: () => void;
};

export function ReceiptPdfButton({ orderId, receiptNumber, credentials, onUnauthorized }: ReceiptPdfButtonProps) {
  const [busy, setBusy] = useState(false);
  const inFlight = useRef<AbortController | null>(null);
  useEffect(() => () => inFlight.current?.abort(), []);

  async function download() {
    const controller = new AbortController();
    inFlight.current = controller;
    setBusy(true);
    try {
      await downloadReceiptPdf(credentials, { orderId, receiptNumber }, controller.signal);
    } catch (failure) {
      if (controller.signal.aborted) return;
      if (failure instanceof ApiClientError && failure.status === 401) return onUnauthorized();
      const reason = failure instanceof Error ? failure.message : String(failure);
      // One toast per receipt: a second click after a failure replaces it rather than stacking.
      toast.error(`Could not download receipt ${receiptNumber}. ${reason}`, { id: `receipt-pdf-${orderId}` });
    } finally {
      if (!controller.signal.aborted) setBusy(false);
    }
  }

  return (
    <button
      type="button"
      className="report-table__pdf"
      aria-label={receiptPdfLabel(receiptNumber)}
      disabled={busy}
      aria-busy={busy || undefined}
      onClick={download}
    >
      {busy ? 'PDF…' : 'PDF'}
    </button>
  );
}
