/** GET /api/report/receipts/<orderId>.pdf (issue 20): any order's receipt, with the report's Basic authorization. */
import { reportReceiptPdfPath } from '@store/shared/tax-receipts';
import { downloadReportFile } from './download-report-file';
import type { ReportCredentials } from './report-credentials';

export function downloadReceiptPdf(
  credentials: ReportCredentials,
  { orderId, receiptNumber }: { orderId: string; receiptNumber: string },
  signal?: AbortSignal,
): Promise<void> {
  return downloadReportFile(reportReceiptPdfPath(encodeURIComponent(orderId)), credentials, {
    accept: 'application/pdf',
    fallbackName: `receipt-${receiptNumber || orderId}.pdf`,
    what: 'PDF',
    signal,
  });
}
