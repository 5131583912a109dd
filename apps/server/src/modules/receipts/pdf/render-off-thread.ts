/**
 * Draws a tax document's PDF on a thread of its own (pdf-worker.ts), so the server's thread keeps
 * answering requests while receipts and statements are drawn: the mail worker's batches and the
 * download routes use this. One thread per process, started at the first PDF and kept; it holds the
 * process open only while it has work. If it dies, what it had is refused (the mail worker retries
 * those messages) and the next PDF starts a new one.
 */
import { Worker } from 'node:worker_threads';
import type { TaxDocument } from '../tax-document';
import type { PdfAnswer, PdfJob } from './pdf-worker';

/** Set to true by apps/server/scripts/build.ts in the bundle; undefined under tsx and vitest. */
declare const __STORE_BUNDLE__: boolean | undefined;

type Pending = { resolve: (pdf: Buffer) => void; reject: (error: Error) => void };

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, Pending>();

/** The bundle's own worker file (dist/pdf-worker.js), or the TypeScript source through tsx (pdf-worker-tsx.mjs). */
function startWorker(): Worker {
  const bundled = typeof __STORE_BUNDLE__ !== 'undefined' && __STORE_BUNDLE__;
  const started = bundled
    ? new Worker(new URL('../../../../dist/pdf-worker.js', import.meta.url))
    : new Worker(new URL('./pdf-worker-tsx.mjs', import.meta.url));
  started.on('message', (answer: PdfAnswer) => {
    const job = pending.get(answer.id);
    if (!job) return;
    pending.delete(answer.id);
    if ('error' in answer) job.reject(new Error(`PDF: ${answer.error}`));
    else job.resolve(Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength));
    if (pending.size === 0) started.unref();
  });
  const fail = (error: Error) => {
    if (worker === started) worker = null;
    for (const job of pending.values()) job.reject(error);
    pending.clear();
  };
  started.on('error', fail);
  started.on('exit', (code) => fail(new Error(`the PDF thread stopped (exit code ${code})`)));
  started.unref();
  return started;
}

export function renderTaxDocumentPdfOffThread(doc: TaxDocument): Promise<Buffer> {
  worker ??= startWorker();
  const thread = worker;
  const id = nextId++;
  return new Promise<Buffer>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    // Held open while it has work, so a command that waits for a PDF is not cut short.
    thread.ref();
    thread.postMessage({ id, doc } satisfies PdfJob);
  });
}
