/**
 * The certificate as a family reads it, read back with pdf.js: the name as registered (Telugu
 * beside Latin), the event, the session's day, how they recited, the center and the signatory, on
 * one landscape page with only embedded fonts.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readPdf } from '../../../test/pdf-text';
import { sortedLetters, teluguStretches } from '../../../test/telugu-letters';
import type { CertificateDocument } from './certificate-document';
import { renderCertificatePdf } from './certificate-pdf';

const document: CertificateDocument = {
  foundationName: 'Sri Datta Vani Foundation',
  eventTitle: 'Bhagavad Gita Mahayagna',
  name: 'లక్ష్మి శ్రీనివాస Rao',
  category: 'Recited by memory',
  date: 'Saturday, May 15, 2027',
  centerName: 'Dallas Center, Texas',
  hall: 'Datta Auditorium',
  signatoryName: 'Lakshmi Rao',
  signatoryTitle: 'President',
  reference: 'BGM-000042-1',
};

describe('the certificate PDF', () => {
  it('reads back the Telugu name, the event, the date, the category and the signature', async () => {
    const bytes = await renderCertificatePdf(document);
    const { text, raw, pages } = await readPdf(bytes);
    const words = text.replace(/\s+/g, ' ');
    expect(pages).toHaveLength(1);
    // Landscape A4.
    expect(raw).toMatch(/\/MediaBox \[0 0 841\.89 595\.28\]/);
    expect(teluguStretches(text)).toContain(sortedLetters('లక్ష్మి శ్రీనివాస'));
    expect(words).toContain('Rao');
    expect(words).toContain('Certificate of Recitation');
    expect(words).toContain('Bhagavad Gita Mahayagna');
    expect(words).toContain('Recited by memory');
    expect(words).toContain('Saturday, May 15, 2027');
    expect(words).toContain('Dallas Center, Texas, Datta Auditorium');
    expect(words).toMatch(/Lakshmi Rao President Sri Datta Vani Foundation/);
    expect(raw).not.toContain('/BaseFont /Helvetica');
  });

  it('keeps a long English name on its line, in smaller type', async () => {
    const name = 'Venkata Satya Sai Lakshmi Narasimha Subrahmanya Sarma Ramachandran Bhattacharya';
    const words = (
      await readPdf(await renderCertificatePdf({ ...document, name, category: 'Fluent reading' }))
    ).text.replace(/\s+/g, ' ');
    expect(words).toContain(name);
    expect(words).toContain('Fluent reading');
  });

  it("draws the signatory's signature above their name when site.json names one, and none otherwise", async () => {
    const signature = readFileSync(new URL('../../../../../config/signature.png', import.meta.url));
    const signed = await readPdf(await renderCertificatePdf(document, new Uint8Array(signature)));
    expect(signed.raw).toMatch(/\/Subtype \/Image/);
    expect(signed.text.replace(/\s+/g, ' ')).toMatch(/Lakshmi Rao President/);
    expect((await readPdf(await renderCertificatePdf(document))).raw).not.toMatch(/\/Subtype \/Image/);
  });

  it('words a Hindi and a Telugu certificate in their language, the name, event and places as they are', async () => {
    const hindi = await readPdf(
      await renderCertificatePdf({ ...document, locale: 'hi', name: 'श्री क्षमा राव', date: 'शनिवार, 15 मई 2027' }),
    );
    const hi = hindi.text.normalize('NFD').replace(/\s+/g, '');
    expect(hindi.pages).toHaveLength(1);
    // 'श्री', 'क्ष' and 'प्रमाणपत्र' shaped in Noto Sans Devanagari, and read back as written.
    expect(hi).toContain('पाठप्रमाणपत्र');
    expect(hi).toContain('श्रीक्षमाराव');
    expect(hi).toContain('BhagavadGitaMahayagna');
    expect(hi).toContain('DallasCenter,Texas,DattaAuditorium');
    expect(hi).not.toContain('CertificateofRecitation');
    expect(hindi.raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansDevanagari-Bold/);
    expect(hindi.info).toMatchObject({ Title: 'Bhagavad Gita Mahayagna: श्री क्षमा राव का प्रमाणपत्र', Language: 'hi' });

    const telugu = await readPdf(await renderCertificatePdf({ ...document, locale: 'te' }));
    const te = telugu.text.normalize('NFD').replace(/\s+/g, '');
    expect(telugu.pages).toHaveLength(1);
    expect(te).toContain('పారాయణధృవీకరణపత్రం');
    expect(te).toContain('తేదీ');
    expect(te).not.toContain('Thiscertifiesthat');
    expect(te).toContain('Rao');
  });
});
