/**
 * The receipt e-mail of one receipt number as the e2e server's mail worker wrote it (DATA_DIR/outbox,
 * `.eml` files named by kind): its subject, its text part and its PDF attachment's text, read back
 * with pdf.js. The worker sends off the request path, so this waits for the file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, inject } from 'vitest';
import { pdfText } from '../../apps/server/test/pdf-text';
import { emlPart, emlSubject } from '../../reliability/support/eml';

export type MailedReceipt = { subject: string; text: string; pdf: string };

export async function mailedReceipt(receiptNumber: string): Promise<MailedReceipt> {
  const outbox = join(inject('dataDir'), 'outbox');
  let mail = '';
  await expect
    .poll(
      () => {
        mail =
          readdirSync(outbox)
            .filter((name) => name.includes('-receipt-'))
            .map((name) => readFileSync(join(outbox, name), 'utf8'))
            .find((m) => m.includes(`receipt-${receiptNumber}.pdf`)) ?? '';
        return mail !== '';
      },
      { timeout: 20_000, interval: 200 },
    )
    .toBe(true);
  const part = mail.split(/\r?\n--/).find((p) => /Content-Type: application\/pdf/i.test(p)) ?? '';
  const base64 = part
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('')
    .replace(/\s|--.*$/g, '');
  return { subject: emlSubject(mail), text: emlPart(mail, 'plain'), pdf: await pdfText(Buffer.from(base64, 'base64')) };
}
