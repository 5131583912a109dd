/**
 * The PDF as a reader gets it: the text is read back with pdf.js (Firefox's PDF reader), the fonts
 * and images from the file's own objects. No database.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readPdf } from '../../../../test/pdf-text';
import type { ReceiptDocument, StatementDocument, TaxIssuer } from '../tax-document';
import { craAdvantage, taxWords } from '../tax-words';
import { renderTaxDocumentPdf } from './render-tax-document';

/** The names of the fonts the file uses, subset prefix and all ('BZZZZZ+NotoSans-Regular'). */
function baseFonts(raw: string): string[] {
  return [...new Set([...raw.matchAll(/\/BaseFont \/([^\s/>]+)/g)].map((match) => match[1] ?? ''))];
}

const sorted = (text: string): string => [...text.replace(/\s/g, '')].sort().join('');

/**
 * The read-back text without whitespace. pdf.js breaks a line of Telugu or Hindi where a glyph sits
 * a little off the baseline, and pdfkit's ToUnicode map gives some syllables' letters back in the
 * glyphs' visual order (Telugu 'స్తు' as 'సు్త', Hindi 'कि' as 'िक', the reph 'र्' after its
 * syllable): the words asserted whole are ones whose syllables come back as written ('श्री',
 * 'क्ष', 'प्रमाणपत्र' do), and a longer sentence is compared letter by letter (`stretch`). Both
 * sides in Unicode's decomposed form: the font draws Telugu 'ై' as its two parts 'ె' and 'ౖ'.
 */
const compact = (text: string): string => text.normalize('NFD').replace(/\s+/g, '');

const sortedNfd = (text: string): string => sorted(text.normalize('NFD'));

/** The letters of each stretch of `script` in `text`, sorted (their order aside). */
function stretch(text: string, script: 'telugu' | 'devanagari'): string[] {
  const letters = script === 'telugu' ? '\u0C00-\u0C7F' : '\u0900-\u097F';
  return (text.normalize('NFD').match(new RegExp(`[${letters}][${letters}\\s]*[${letters}]`, 'g')) ?? []).map((part) =>
    sorted(part),
  );
}

const ISSUER: TaxIssuer = {
  name: 'Sri Datta Vani Foundation, Inc.',
  address: '4455 Legacy Dr, Frisco, TX 75034',
  url: 'https://store.example.org',
  identifiers: ['EIN 12-3456789'],
};

const PUB_1771 =
  'The amount of your contribution that is deductible for federal income tax purposes is limited to the excess of your payment over the value of goods and services provided: $400.00.';

function usReceipt(overrides: Partial<ReceiptDocument> = {}): ReceiptDocument {
  return {
    type: 'receipt',
    title: 'Donation receipt',
    testNotice: null,
    issuer: ISSUER,
    facts: [
      { label: 'Receipt number', value: '2026-000123' },
      { label: 'Date of gift', value: 'November 14, 2026' },
      { label: 'Donor', value: 'Anjali Sharma' },
    ],
    replaces: null,
    stamp: null,
    lines: [
      {
        name: 'Concert Patron',
        kind: 'Gift with benefit',
        quantity: 1,
        amount: '$500.00',
        benefit: 'Two reserved seats, estimated value $100.00',
        deductible: '$400.00',
      },
      {
        name: 'Guruvara Dattam Vimalacharita Satakam, a book of one hundred verses with commentary',
        kind: 'Purchase',
        quantity: 1,
        amount: '$5.00',
        benefit: 'The book',
        deductible: '$0.00',
      },
    ],
    totals: [
      { label: 'Total paid', value: '$505.00' },
      { label: 'Estimated value of goods and services received', value: '$105.00' },
      { label: 'Amount deductible', value: '$400.00' },
    ],
    statements: [PUB_1771, 'Please keep this receipt for your tax records.'],
    signature: null,
    footer: ['Order reference 8f3c2a91'],
    ...overrides,
  };
}

const TELUGU_NAME = 'శ్రీనివాస్ రెడ్డి';
const SIGNATURE_PNG = readFileSync(new URL('../../../../../../config/signature.png', import.meta.url));

function canadianReceipt(overrides: Partial<ReceiptDocument> = {}): ReceiptDocument {
  return usReceipt({
    title: 'Official receipt for income tax purposes',
    issuer: {
      ...ISSUER,
      name: 'Sri Datta Vani Foundation of Canada',
      identifiers: ['Charity registration number 123456789RR0001'],
    },
    facts: [
      { label: 'Serial number', value: '2026-000245' },
      { label: 'Donor', value: `${TELUGU_NAME} (Srinivas Reddy)` },
      { label: 'Center', value: 'లక్ష్మి Center' },
    ],
    lines: [{ name: 'Annadanam', kind: 'Gift', quantity: 2, amount: '$216.00', benefit: null, deductible: '$216.00' }],
    totals: [{ label: 'Eligible amount of gift for tax purposes', value: '$216.00' }],
    statements: ['Canada Revenue Agency: www.canada.ca/charities-giving'],
    signature: { image: SIGNATURE_PNG, name: 'Lakshmi Rao', title: 'Treasurer' },
    ...overrides,
  });
}

function statement(giftCount: number): StatementDocument {
  return {
    type: 'statement',
    title: 'Year-end giving statement 2026',
    testNotice: null,
    issuer: ISSUER,
    facts: [{ label: 'Donor', value: 'Anjali Sharma' }],
    gifts: Array.from({ length: giftCount }, (_, index) => ({
      receiptNumber: `2026-${String(index + 1).padStart(6, '0')}`,
      date: 'Mar 3, 2026',
      center: 'Dallas Center',
      amount: '$25.00',
      deductible: '$25.00',
    })),
    totals: [{ label: 'Total deductible', value: `$${(giftCount * 25).toLocaleString('en-US')}.00` }],
    statements: ['No goods or services were provided in exchange for these gifts.'],
    signature: null,
    footer: ['Year-end statement'],
  };
}

describe('renderTaxDocumentPdf', () => {
  it('lays out a US receipt: number, lines, totals, the statements, page numbers and metadata', async () => {
    const bytes = await renderTaxDocumentPdf(usReceipt());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const { pages, text, info } = await readPdf(bytes);
    expect(pages).toHaveLength(1);
    for (const expected of ['Sri Datta Vani Foundation, Inc.', 'EIN 12-3456789', 'Donation receipt', '2026-000123']) {
      expect(text).toContain(expected);
    }
    for (const header of ['Item', 'Kind', 'Qty', 'Amount', 'Benefit received', 'Deductible'])
      expect(text).toContain(header);
    for (const amount of ['$500.00', '$400.00', '$5.00', '$505.00', '$105.00']) expect(text).toContain(amount);
    // The long item name wraps inside its column rather than running into the next.
    expect(text).toMatch(/Guruvara Dattam Vimalacharita\s+Satakam/);
    expect(text.replace(/\s+/g, ' ')).toContain(PUB_1771);
    expect(text).toContain('Please keep this receipt for your tax records.');
    expect(text).toContain('Order reference 8f3c2a91');
    expect(text).toContain('Page 1 of 1');
    expect(info).toMatchObject({
      Title: 'Donation receipt',
      Author: 'Sri Datta Vani Foundation, Inc.',
      Subject: 'Receipt for gifts to Sri Datta Vani Foundation, Inc.',
    });
  });

  it('embeds its fonts and never refers to an unembedded standard font', async () => {
    const { raw } = await readPdf(await renderTaxDocumentPdf(usReceipt()));
    expect(raw).not.toContain('/BaseFont /Helvetica');
    const fonts = baseFonts(raw);
    expect(fonts.length).toBeGreaterThan(0);
    // A subset prefix ('ABCDEF+') marks an embedded subset; every font has a font file.
    for (const font of fonts) expect(font).toMatch(/^[A-Z]{6}\+NotoSans/);
    expect(raw.match(/\/FontFile2 /g)?.length).toBe(fonts.length);
  });

  it('sets a Telugu donor name in Noto Sans Telugu, conjuncts and all, beside the Latin text', async () => {
    const bytes = await renderTaxDocumentPdf(canadianReceipt());
    const { text, raw } = await readPdf(bytes);
    expect(baseFonts(raw).some((font) => font.endsWith('+NotoSansTelugu-Regular'))).toBe(true);
    expect(text).toContain('(Srinivas Reddy)');
    expect(text).toContain('2026-000245');
    expect(text).toContain('Center');
    // pdfkit's ToUnicode map gives the letters back, but in the shaped glyphs' visual order
    // (శ్రీ comes out as శీ్ర, the subscript ర after the vowel sign): the same letters are asserted,
    // not their order.
    const telugu = text.match(/[\u0C00-\u0C7F][\u0C00-\u0C7F\s]*[\u0C00-\u0C7F]/g) ?? [];
    expect(telugu.map(sorted)).toContain(sorted(TELUGU_NAME));
    expect(telugu.map(sorted)).toContain(sorted('లక్ష్మి'));
    // The signature image is drawn, with the signatory's name and title under it.
    expect(raw).toContain('/Subtype /Image');
    expect(text).toMatch(/Lakshmi Rao\s+Treasurer/);
  });

  it('prints a void receipt with its stamp, the receipt it replaces and a test notice', async () => {
    const doc = canadianReceipt({
      stamp: 'VOID',
      replaces: 'This receipt replaces receipt 2026-000245 issued on December 2, 2026.',
      testNotice: 'TEST ORDER: not a receipt for tax purposes.',
    });
    const { pages, text } = await readPdf(await renderTaxDocumentPdf(doc));
    expect(pages).toHaveLength(1);
    expect(text).toContain('VOID');
    expect(text).toContain('This receipt replaces receipt 2026-000245 issued on December 2, 2026.');
    expect(text).toContain('TEST ORDER: not a receipt for tax purposes.');
  });

  it('leaves a line to sign on without an image, and still renders when the image bytes are not an image', async () => {
    for (const image of [null, new TextEncoder().encode('not a png')]) {
      const doc = canadianReceipt({ signature: { image, name: 'Lakshmi Rao', title: 'Treasurer' } });
      const { text, raw } = await readPdf(await renderTaxDocumentPdf(doc));
      expect(text).toMatch(/Lakshmi Rao\s+Treasurer/);
      expect(raw).not.toContain('/Subtype /Image');
    }
  });

  it('does not fail on characters none of its fonts has', async () => {
    const doc = usReceipt({ facts: [{ label: 'Donor', value: 'Zoë Łukasz 王 😀 Ω' }] });
    const { text } = await readPdf(await renderTaxDocumentPdf(doc));
    expect(text).toContain('Zoë');
    expect(text).toContain('ukasz');
  });

  it('words a Telugu receipt in Telugu, its legal sentences in English each followed by its translation', async () => {
    const doc = usReceipt({
      locale: 'te',
      statements: [taxWords.noGoodsOrServices, taxWords.keepForRecords],
      footer: ['Order reference: 8f3c2a91'],
    });
    const { pages, text, raw, info } = await readPdf(await renderTaxDocumentPdf(doc));
    expect(pages).toHaveLength(1);
    // The heading, the labels, the table's headers and the footer, in Telugu.
    for (const words of ['విరాళం రసీదు', 'రసీదు సంఖ్య', 'దాత', 'అంశం', 'రకం', 'పేజీ', 'ఆర్డర్ సూచన సంఖ్య']) {
      expect(compact(text)).toContain(compact(words));
    }
    expect(text).not.toContain('Donation receipt');
    expect(text).not.toContain('Receipt number');
    // The IRS's sentences word for word, each followed by its Telugu.
    const words = text.replace(/\s+/g, ' ');
    const english = words.indexOf(taxWords.noGoodsOrServices);
    expect(english).toBeGreaterThan(-1);
    expect(words.indexOf(taxWords.keepForRecords)).toBeGreaterThan(english);
    const between = words.slice(english + taxWords.noGoodsOrServices.length, words.indexOf(taxWords.keepForRecords));
    expect(stretch(between, 'telugu')).toEqual([sortedNfd('ఈ విరాళానికి బదులుగా ఎలాంటి వస్తువులు లేదా సేవలు అందించబడలేదు')]);
    // The names, numbers and amounts as they are; the page numbered in Telugu.
    for (const kept of ['Anjali Sharma', '2026-000123', '$505.00', '$400.00', '8f3c2a91', '1 / 1'])
      expect(text).toContain(kept);
    expect(info).toMatchObject({ Title: 'విరాళం రసీదు', Language: 'te' });
    expect(baseFonts(raw).some((font) => font.endsWith('+NotoSansTelugu-Bold'))).toBe(true);
  });

  it('sets a Hindi receipt in Noto Sans Devanagari: its words, a CRA title in English with its Hindi under it', async () => {
    const doc = canadianReceipt({
      locale: 'hi',
      facts: [
        { label: 'Serial number', value: '2026-000245' },
        { label: 'Donor', value: 'श्री अनिल शर्मा (Anil Sharma)' },
      ],
      totals: [
        { label: 'Total amount received', value: 'CA$216.00' },
        { label: 'Amount of the advantage', value: 'CA$16.00' },
        { label: 'Eligible amount of the gift', value: 'CA$200.00' },
      ],
      statements: [`${taxWords.craTitle}.`, craAdvantage(1600, ['Two reserved seats'], 'CAD')],
      footer: [taxWords.craWebsite, 'Order reference: 8f3c2a91'],
    });
    const { pages, text, raw } = await readPdf(await renderTaxDocumentPdf(doc));
    expect(pages).toHaveLength(1);
    const fonts = baseFonts(raw);
    expect(fonts.some((font) => /^[A-Z]{6}\+NotoSansDevanagari-Regular$/.test(font))).toBe(true);
    expect(fonts.some((font) => /^[A-Z]{6}\+NotoSansDevanagari-Bold$/.test(font))).toBe(true);
    expect(raw.match(/\/FontFile2 /g)?.length).toBe(fonts.length);
    // The labels in Hindi, and a donor's Hindi name as entered, 'श्री' and all.
    for (const words of ['क्रम संख्या', 'दानदाता श्री', 'कनाडा रेवेन्यू एजेंसी', 'आयकर प्रयोजनों']) {
      expect(compact(text)).toContain(compact(words));
    }
    // The CRA's words stay, word for word: the title, the amounts' names, the website.
    const words = text.replace(/\s+/g, ' ');
    for (const english of [
      'Official receipt for income tax purposes',
      'Charity registration number 123456789RR0001',
      'Total amount received',
      'Eligible amount of the gift',
      'Canada Revenue Agency: www.canada.ca/charities-giving',
      'Advantage received by the donor: Two reserved seats, valued at CA$16.00.',
    ]) {
      expect(words).toContain(english);
    }
    // Each amount's CRA name, then its Hindi under it.
    const received = words.indexOf('Total amount received');
    const advantage = words.indexOf('Amount of the advantage');
    expect(stretch(words.slice(received, advantage), 'devanagari')).toEqual([sortedNfd('प्राप्त कुल राशि')]);
    const eligible = words.indexOf('Eligible amount of the gift');
    expect(stretch(words.slice(advantage, eligible), 'devanagari')).toEqual([sortedNfd('लाभ की राशि')]);
    expect(text).toMatch(/Lakshmi Rao\s+Treasurer/);
  });

  it('runs a Telugu 300-gift statement over several pages, its CRA column header in English over its Telugu', async () => {
    const doc: StatementDocument = {
      ...statement(300),
      locale: 'te',
      deductibleHeader: 'Eligible amount',
      totals: [{ label: 'Total eligible amount in 2026', value: '$7,500.00' }],
    };
    const { pages, text } = await readPdf(await renderTaxDocumentPdf(doc));
    expect(pages.length).toBeGreaterThanOrEqual(5);
    for (let index = 1; index <= 300; index++) expect(text).toContain(`2026-${String(index).padStart(6, '0')}`);
    pages.forEach((page, index) => {
      expect(page).toContain(`${index + 1} / ${pages.length}`);
      if (index < pages.length - 1) {
        expect(page.replace(/\s+/g, ' ')).toContain('Eligible amount');
        for (const header of ['రసీదు సం.', 'తేదీ', 'కేంద్రం', 'అర్హమైన మొత్తం'])
          expect(compact(page)).toContain(compact(header));
      }
    });
    expect(compact(text)).toContain(compact('2026 సంవత్సరాంత విరాళాల నివేదిక'));
    expect(compact(text)).toContain(compact('2026లో అర్హమైన మొత్తం'));
  });

  it('runs a 300-gift statement over several pages, every gift listed and the header on each page', async () => {
    const { pages, text } = await readPdf(await renderTaxDocumentPdf(statement(300)));
    expect(pages.length).toBeGreaterThanOrEqual(5);
    for (let index = 1; index <= 300; index++) {
      expect(text).toContain(`2026-${String(index).padStart(6, '0')}`);
    }
    pages.forEach((page, index) => {
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
      // The table's header on every page the table reaches (all but possibly the last).
      if (index < pages.length - 1) expect(page).toMatch(/Receipt no\.\s+Date\s+Center\s+Amount\s+Deductible/);
    });
    expect(text).toContain('Total deductible');
    expect(text).toContain('$7,500.00');
    expect(text).toContain('No goods or services were provided in exchange for these gifts.');
  });
});
