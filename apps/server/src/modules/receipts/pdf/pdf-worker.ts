/**
 * The thread that draws PDFs (render-off-thread.ts starts it): a receipt's PDF costs ~6–10 ms of
 * CPU, which on the server's own thread held every request behind it (checkout p99 5 s under load,
 * bench/BENCHMARKS.md "Receipt PDFs"). One document at a time, in the order asked.
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { TaxDocument } from '../tax-document';
import { renderTaxDocumentPdf } from './render-tax-document';

export type PdfJob = { id: number; doc: TaxDocument };
export type PdfAnswer = { id: number; pdf: Uint8Array } | { id: number; error: string };

const port = parentPort;
if (!port) throw new Error('pdf-worker.ts runs as a worker thread (render-off-thread.ts)');

/**
 * PDFs are background work: on Linux a thread has its own nice value, so this thread takes only the
 * CPU that requests leave (at nice 0 it took a core's share from checkouts under load; bench/BENCHMARKS.md
 * "Receipt PDFs"). /proc/thread-self names this thread's id. Elsewhere, or if refused, it stays as is.
 */
function lowerThisThreadsPriority(): void {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(threadId) && threadId > 0) setPriority(threadId, 19);
  } catch {
    // Not Linux, or not allowed: the PDFs are drawn at the process's own priority.
  }
}
lowerThisThreadsPriority();

let queue = Promise.resolve();
port.on('message', (job: PdfJob) => {
  queue = queue.then(async () => {
    try {
      const pdf = await renderTaxDocumentPdf(job.doc);
      const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
      port.postMessage({ id: job.id, pdf: bytes } satisfies PdfAnswer);
    } catch (error) {
      port.postMessage({
        id: job.id,
        error: error instanceof Error ? error.message : String(error),
      } satisfies PdfAnswer);
    }
  });
});
