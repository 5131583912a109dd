/**
 * Sample tax documents as PDFs, for a person to look at before saying a change to their words or
 * layout is done (issue 20): a US receipt (a concert tier and the book), a Canadian official receipt
 * (a Telugu name, the signature), a corrected and a void receipt, and a year-end statement of 40
 * gifts, written to data/samples/ (git-ignored). They are made by the server's own builders from
 * config/site.json, so they say exactly what a donor's would. With poppler's `pdftoppm` on the PATH
 * each first page is also written as a PNG; without it that step is skipped.
 *
 *   npm run samples:tax
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderReceipt } from '../apps/server/src/modules/checkout/receipt';
import type { ReceiptCorrection } from '../apps/server/src/modules/checkout/receipt-document';
import type { Order } from '../apps/server/src/modules/ledger/index';
import { renderTaxDocumentPdf } from '../apps/server/src/modules/receipts/pdf/render-tax-document';
import { signatureImage } from '../apps/server/src/modules/receipts/signature-image';
import type { TaxDocument } from '../apps/server/src/modules/receipts/tax-document';
import { buildStatementDocument } from '../apps/server/src/modules/statements/statement-document';
import { loadSite } from '../apps/server/src/site/load-site';
import { giftLine, paidOrderRow } from '../apps/server/test/tax-lines';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'data/samples');
const siteFile = join(root, 'config/site.json');
const site = loadSite(siteFile);
const signature = signatureImage(siteFile, site.taxReceipts);

const gift = (cents: number) => giftLine(cents, 7);
const order = (overrides: Partial<Order>) =>
  paidOrderRow({
    centerId: 2,
    centerName: 'Dallas Center, Texas',
    delivery: { pickup: true },
    transactionId: 'kq7m2x9p',
    paymentMethod: 'Visa ending in 4242',
    createdAt: new Date('2026-11-21T21:04:05Z'),
    ...overrides,
  });

const us = order({});
const canadian = order({
  centerId: 7,
  centerName: 'Toronto Center, Canada',
  firstName: 'శ్రీనివాస్',
  lastName: 'రెడ్డి (Srinivas Reddy)',
  products: [gift(25_100)],
  amountCents: 25_100,
  deductibleCents: 25_100,
  delivery: null,
  donorAddress: { street: '12 Finch Ave', city: 'Toronto', province: 'ON', postalCode: 'M2N 1A1' },
  receiptNumber: '2026-000124',
  receiptSeq: 124,
});
const correction = (overrides: Partial<ReceiptCorrection>): ReceiptCorrection => ({
  id: '00000000-0000-4000-8000-000000000001',
  orderId: us.id,
  kind: 'corrected',
  version: 1,
  receiptNumber: '2026-000123-C1',
  amountCents: 30_500,
  deductibleCents: 20_000,
  reason: 'Partial refund of $200.00 at the donor’s request',
  idempotencyKey: 'sample',
  createdAt: new Date('2026-12-02T16:00:00Z'),
  ...overrides,
});

const gifts = Array.from({ length: 40 }, (_, i) => ({
  // The 8th gift was partly refunded: listed under its corrected receipt.
  correction:
    i === 7
      ? correction({
          orderId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
          receiptNumber: '2026-000107-C1',
          amountCents: 2_000,
          deductibleCents: 2_000,
        })
      : null,
  ...order({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    createdAt: new Date(Date.UTC(2026, 0, 3 + i * 9, 17)),
    receiptNumber: `2026-${String(100 + i).padStart(6, '0')}`,
    ...(i % 10 === 3
      ? {}
      : { products: [gift(5_100 + i * 100)], amountCents: 5_100 + i * 100, deductibleCents: 5_100 + i * 100 }),
  }),
}));

const samples: Record<string, TaxDocument> = {
  'receipt-us': renderReceipt({ order: us, site, signature }).document,
  'receipt-ca': renderReceipt({ order: canadian, site, signature }).document,
  'receipt-corrected': renderReceipt({ order: us, site, signature, correction: correction({}) }).document,
  'receipt-void': renderReceipt({
    order: us,
    site,
    signature,
    correction: correction({
      kind: 'void',
      version: 2,
      receiptNumber: '2026-000123-V2',
      amountCents: 0,
      deductibleCents: 0,
      reason: 'Refunded in full',
    }),
  }).document,
  'statement-2026': buildStatementDocument({ year: 2026, gifts, site, issuedAt: new Date('2027-01-05T15:00:00Z') }),
};

mkdirSync(out, { recursive: true });
const hasPdftoppm = spawnSync('pdftoppm', ['-v']).error === undefined;
for (const [name, doc] of Object.entries(samples)) {
  const file = join(out, `${name}.pdf`);
  writeFileSync(file, await renderTaxDocumentPdf(doc));
  console.log(file);
  if (hasPdftoppm) {
    // First page only, at 80 dpi: data/samples/NAME-1.png (pdftoppm numbers the page).
    execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', file, join(out, name)]);
  }
}
if (!hasPdftoppm) console.log('pdftoppm not found: PNG previews skipped (apt-get install -y poppler-utils)');
