/**
 * Sample tax documents as PDFs, for a person to look at before saying a change to their layout is
 * done (issue 20): a US receipt, a Canadian official receipt, a void receipt and a year-end
 * statement, written to data/samples/ (git-ignored). With poppler's `pdftoppm` on the PATH each
 * first page is also written as a PNG; without it that step is skipped.
 *
 *   npm run samples:tax
 *
 * The documents are built here by hand, already worded, as the receipt builders would word them.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderTaxDocumentPdf } from '../apps/server/src/modules/receipts/pdf/render-tax-document';
import type {
  ReceiptDocument,
  StatementDocument,
  TaxDocument,
  TaxIssuer,
} from '../apps/server/src/modules/receipts/tax-document';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'data/samples');

const US_ISSUER: TaxIssuer = {
  name: 'Sri Datta Vani Foundation, Inc.',
  address: '4455 Legacy Dr, Frisco, TX 75034',
  url: 'https://store.datta-vani.example',
  identifiers: ['EIN 12-3456789'],
};

const CA_ISSUER: TaxIssuer = {
  name: 'Sri Datta Vani Foundation of Canada',
  address: '3085 Kennedy Rd, Scarborough, ON M1V 1S8',
  url: 'https://store.datta-vani.example',
  identifiers: ['Charity registration number 123456789RR0001'],
};

const usReceipt: ReceiptDocument = {
  type: 'receipt',
  title: 'Donation receipt',
  testNotice: null,
  issuer: US_ISSUER,
  facts: [
    { label: 'Receipt number', value: '2026-000123' },
    { label: 'Date of gift', value: 'November 14, 2026' },
    { label: 'Date issued', value: 'November 14, 2026' },
    { label: 'Donor', value: 'Anjali Sharma' },
    { label: 'Address', value: '2211 Preston Rd, Apt 4B, Plano, TX 75093' },
    { label: 'Center', value: 'Dallas Center' },
    { label: 'Payment', value: 'Visa ending 1111' },
  ],
  replaces: null,
  stamp: null,
  lines: [
    {
      name: 'Concert Patron',
      kind: 'Gift with benefit',
      quantity: 1,
      amount: '$500.00',
      benefit: 'Two reserved seats at the Bhagavad Gita Mahayagna concert, estimated value $100.00',
      deductible: '$400.00',
    },
    {
      name: 'Guruvara Dattam Vimalacharita Satakam (book)',
      kind: 'Purchase',
      quantity: 1,
      amount: '$5.00',
      benefit: 'The book, $5.00',
      deductible: '$0.00',
    },
  ],
  totals: [
    { label: 'Total paid', value: '$505.00' },
    { label: 'Estimated value of goods and services received', value: '$105.00' },
    { label: 'Amount deductible for federal income tax purposes', value: '$400.00' },
  ],
  statements: [
    'Sri Datta Vani Foundation, Inc. is a tax-exempt organization under section 501(c)(3) of the Internal Revenue Code.',
    'In exchange for your payment of $500.00 for the Concert Patron tier you received two reserved seats, whose estimated fair market value is $100.00. The amount of your contribution that is deductible for federal income tax purposes is limited to the excess of your payment over that value: $400.00.',
    'The $5.00 paid for a book is a purchase and is not a contribution. No other goods or services were provided in exchange for your gift.',
    'Please keep this receipt for your tax records.',
  ],
  signature: null,
  footer: [
    'Order reference 8f3c2a91-5b7e-4d10-9e2f-0c4b7a6d1e55',
    'Questions about this receipt: https://store.datta-vani.example/contact',
  ],
};

function readSignature(): Uint8Array | null {
  try {
    return readFileSync(join(root, 'config/signature.png'));
  } catch {
    return null;
  }
}

const caReceipt: ReceiptDocument = {
  type: 'receipt',
  title: 'Official receipt for income tax purposes',
  testNotice: null,
  issuer: CA_ISSUER,
  facts: [
    { label: 'Serial number', value: '2026-000245' },
    { label: 'Date donation received', value: 'December 2, 2026' },
    { label: 'Date receipt issued', value: 'December 2, 2026' },
    { label: 'Place of issue', value: 'Scarborough, Ontario' },
    { label: 'Donor', value: 'శ్రీనివాస్ రెడ్డి (Srinivas Reddy)' },
    { label: 'Donor address', value: '18 Brimley Rd, Toronto, ON M1M 3W4' },
    { label: 'Center', value: 'Toronto Center' },
    { label: 'Payment', value: 'Mastercard ending 4444' },
  ],
  replaces: null,
  stamp: null,
  lines: [
    {
      name: 'Annadanam (food offering) for the Datta Jayanti celebrations',
      kind: 'Gift',
      quantity: 2,
      amount: '$216.00',
      benefit: null,
      deductible: '$216.00',
    },
  ],
  totals: [
    { label: 'Total amount received', value: '$216.00' },
    { label: 'Value of advantage', value: '$0.00' },
    { label: 'Eligible amount of gift for tax purposes', value: '$216.00' },
  ],
  statements: [
    'Official receipt for income tax purposes. Eligible amount of gift for tax purposes: $216.00.',
    'Canada Revenue Agency: www.canada.ca/charities-giving',
  ],
  signature: { image: readSignature(), name: 'Lakshmi Rao', title: 'Treasurer, authorized signatory' },
  footer: [
    'Information on all registered charities in Canada is available from the Canada Revenue Agency at www.canada.ca/charities-giving.',
    'Order reference 3d9e7c14-2a5f-4b88-b1c0-7e6f5d4c3b2a',
  ],
};

const voidReceipt: ReceiptDocument = {
  ...caReceipt,
  title: 'Official receipt for income tax purposes (void)',
  testNotice: 'TEST ORDER: no payment was taken and this is not a receipt for tax purposes.',
  facts: [
    { label: 'Serial number', value: '2026-000246' },
    { label: 'Date receipt issued', value: 'December 9, 2026' },
    { label: 'Place of issue', value: 'Scarborough, Ontario' },
    { label: 'Donor', value: 'లక్ష్మి నారాయణ' },
    { label: 'Center', value: 'Toronto Center' },
  ],
  replaces:
    'This receipt cancels and replaces receipt 2026-000245 issued on December 2, 2026, which is void. Only the replacement receipt may be used for income tax purposes.',
  stamp: 'VOID',
};

const CENTERS = ['Dallas Center', 'Houston Center', 'Toronto Center', 'SGS Vagdevi Center'];

function sampleStatement(): StatementDocument {
  const gifts = Array.from({ length: 48 }, (_, index) => {
    const cents = 1_000 + ((index * 7_919) % 25_000);
    const amount = `$${(cents / 100).toFixed(2)}`;
    const day = new Date(Date.UTC(2026, 0, 3 + index * 7));
    return {
      receiptNumber: `2026-${String(100 + index * 3).padStart(6, '0')}`,
      date: day.toLocaleDateString('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' }),
      center: CENTERS[index % CENTERS.length] ?? 'Dallas Center',
      amount,
      deductible: index % 5 === 0 ? '$0.00' : amount,
    };
  });
  return {
    type: 'statement',
    title: 'Year-end giving statement 2026',
    testNotice: null,
    issuer: US_ISSUER,
    facts: [
      { label: 'Donor', value: 'Anjali Sharma' },
      { label: 'Address', value: '2211 Preston Rd, Apt 4B, Plano, TX 75093' },
      { label: 'Period', value: 'January 1 – December 31, 2026' },
      { label: 'Gifts', value: String(gifts.length) },
    ],
    gifts,
    totals: [
      { label: 'Total given', value: '$6,201.36' },
      { label: 'Value of goods and services received', value: '$402.10' },
      { label: 'Total deductible', value: '$5,799.26' },
    ],
    statements: [
      'This statement lists the gifts you made to Sri Datta Vani Foundation, Inc. in 2026. Each gift was acknowledged by the receipt whose number is shown.',
      'Sri Datta Vani Foundation, Inc. is a tax-exempt organization under section 501(c)(3) of the Internal Revenue Code. Except where a value is shown, no goods or services were provided in exchange for these gifts.',
    ],
    signature: null,
    footer: ['Year-end statement generated December 31, 2026'],
  };
}

const samples: [string, TaxDocument][] = [
  ['receipt-us', usReceipt],
  ['receipt-ca', caReceipt],
  ['receipt-void', voidReceipt],
  ['statement-2026', sampleStatement()],
];

mkdirSync(out, { recursive: true });
const hasPdftoppm = spawnSync('pdftoppm', ['-v']).error === undefined;
for (const [name, doc] of samples) {
  const file = join(out, `${name}.pdf`);
  writeFileSync(file, await renderTaxDocumentPdf(doc));
  console.log(`wrote ${file}`);
  if (hasPdftoppm) {
    // First page only, at 80 dpi: data/samples/NAME-1.png (pdftoppm numbers the page).
    execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', file, join(out, name)]);
    console.log(`wrote ${join(out, `${name}-1.png`)}`);
  }
}
if (!hasPdftoppm) console.log('pdftoppm not found: PNG previews skipped (apt-get install -y poppler-utils)');
