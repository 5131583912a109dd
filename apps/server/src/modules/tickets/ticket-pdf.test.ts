/**
 * The tickets PDF as a family gets it: one page per ticket, read back with pdf.js (the words) and
 * its QR codes read from the embedded images with jsqr, each verifying with the public key.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { readPdf } from '../../../test/pdf-text';
import { decodeTicketQrFromPdf } from '../../../test/ticket-qr';
import { signTicket } from './sign-ticket';
import { type TicketDocument, ticketDocument } from './ticket-document';
import { ticketKeys } from './ticket-keys';
import { renderTicketPdf } from './ticket-pdf';
import type { TicketHolder } from './ticket-repo';
import { verifyTicket } from './verify-ticket';

const keys = ticketKeys(randomBytes(32).toString('base64url'));
const session = {
  centerName: 'Dallas Center',
  hall: 'Main prayer hall',
  address: '4455 Legacy Dr, Frisco, TX 75034',
  startsAt: 'Saturday, May 15, 2027 at 9:00 AM CDT',
};
const ids = ['0b6f3f9e-2d4c-4a8b-9e1f-6c5d4b3a2f10', '1c7a4a0f-3e5d-4b9c-8f20-7d6e5c4b3a21'];
const doc: TicketDocument = {
  eventTitle: 'Bhagavad Gita Mahayagna',
  foundationName: 'Sri Datta Vani Foundation',
  registrationNumber: 'BGM-000042',
  tickets: [
    {
      ticketId: ids[0] ?? '',
      code: signTicket(keys, { id: ids[0] ?? '', sessionId: 3 }),
      name: 'శ్రీ లక్ష్మి Rao',
      category: 'Memorization',
      ...session,
    },
    {
      ticketId: ids[1] ?? '',
      code: signTicket(keys, { id: ids[1] ?? '', sessionId: 3 }),
      name: 'Anu Rao',
      category: 'Child',
      ...session,
    },
  ],
};

const sorted = (text: string) => [...text.replace(/\s+/g, '')].sort().join('');

describe('the tickets PDF', () => {
  let pdf: Buffer;
  beforeAll(async () => {
    pdf = await renderTicketPdf(doc);
  });

  it('has one page per ticket with the name (Telugu too), category, session, hall, time and ticket id', async () => {
    const { pages, info } = await readPdf(pdf);
    expect(pages).toHaveLength(2);
    const [first = '', second = ''] = pages.map((page) => page.replace(/\s+/g, ' '));
    expect(first).toContain('Bhagavad Gita Mahayagna');
    // pdfkit's ToUnicode map gives the Telugu letters back in the shaped glyphs' visual order (as
    // on the receipts, render-tax-document.test.ts): the same letters, not their order.
    const telugu = first.match(/[\u0C00-\u0C7F][\u0C00-\u0C7F\s]*[\u0C00-\u0C7F]/g) ?? [];
    expect(telugu.map(sorted)).toContain(sorted('శ్రీ లక్ష్మి'));
    expect(first).toContain('Rao');
    expect(first).toContain('Memorization');
    expect(first).toContain('Dallas Center: Main prayer hall');
    expect(first).toContain('4455 Legacy Dr, Frisco, TX 75034');
    expect(first).toContain('Saturday, May 15, 2027 at 9:00 AM CDT');
    expect(first).toContain(`Ticket ${ids[0]}`);
    expect(first).toContain('Ticket 1 of 2 · BGM-000042');
    expect(second).toContain('Anu Rao');
    expect(second).toContain('Child');
    expect(second).toContain(`Ticket ${ids[1]}`);
    expect(info.Title).toBe('Bhagavad Gita Mahayagna tickets BGM-000042');
  });

  it('carries QR codes that decode to the signed codes and verify with the public key', async () => {
    const codes = await decodeTicketQrFromPdf(pdf);
    expect(codes).toEqual(doc.tickets.map((ticket) => ticket.code));
    expect(codes.map((code) => verifyTicket(keys.publicKey, code))).toEqual([
      { ok: true, payload: { t: ids[0], s: 3, v: 1 } },
      { ok: true, payload: { t: ids[1], s: 3, v: 1 } },
    ]);
  });

  it('embeds its fonts (no unembedded Helvetica)', async () => {
    const { raw } = await readPdf(pdf);
    expect(raw).not.toContain('/BaseFont /Helvetica');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansTelugu-Bold/);
  });

  it('prints a Hindi family its tickets in Hindi, names and codes as they are, in Noto Sans Devanagari', async () => {
    // The rows ticketDocument reads: what the family registered, and the session in Frisco.
    const holder = (id: string, firstName: string, category: string | null) =>
      ({
        ticket: { id, sessionId: 3 },
        registrant: { firstName, lastName: 'राव', category },
        session: {
          centerId: 2,
          hall: 'Datta Auditorium',
          address: '4455 Legacy Dr, Frisco, TX 75034',
          startsAt: new Date('2027-05-15T14:00:00Z'),
          timeZone: 'America/Chicago',
        },
      }) as unknown as TicketHolder;
    const hindi = ticketDocument({
      locale: 'hi',
      eventTitle: 'Bhagavad Gita Mahayagna',
      foundationName: 'Sri Datta Vani Foundation',
      registrationNumber: 42,
      holders: [holder(ids[0] ?? '', 'श्री क्षमा', 'Memorization'), holder(ids[1] ?? '', 'Anu', null)],
      centerName: () => 'Dallas Center',
      sign: (ticket) => signTicket(keys, ticket),
    });
    // The category and the start in Hindi; the zone as the English pages name it.
    expect(hindi.tickets.map((ticket) => ticket.category)).toEqual(['कंठस्थ पाठ', 'बच्चे']);
    expect(hindi.tickets[0]?.startsAt.replace(/\s/g, ' ')).toBe('शनिवार, 15 मई 2027 को 9:00 am CDT बजे');

    const bytes = await renderTicketPdf(hindi);
    const { pages, raw, info } = await readPdf(bytes);
    expect(pages).toHaveLength(2);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansDevanagari-Bold/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansDevanagari-Regular/);
    expect(raw).not.toContain('/BaseFont /Helvetica');
    const [first = '', second = ''] = pages.map((page) => page.normalize('NFD').replace(/\s+/g, ''));
    // The name as registered ('श्री' and 'क्ष' shaped, and read back as written) and the category.
    expect(first).toContain('श्रीक्षमाराव');
    expect(first).toContain('कंठस्थपाठ');
    expect(first).toContain('9:00amCDT');
    expect(first).toContain('DallasCenter:DattaAuditorium');
    // "टिकट 1 / 2": pdfkit gives the vowel sign 'ि' back before its consonant, as it is drawn.
    expect(first).toContain('\u093F\u091F\u0915\u091F1/2·BGM-000042');
    expect(first).toContain(`\u093F\u091F\u0915\u091F${ids[0]}`);
    expect(second).toContain('Anuराव');
    expect(second).toContain('बच्चे');
    expect(info.Title).toBe('Bhagavad Gita Mahayagna टिकट BGM-000042');
    expect(info.Language).toBe('hi');
    // The QR codes are the same signed codes.
    expect(await decodeTicketQrFromPdf(bytes)).toEqual(hindi.tickets.map((ticket) => ticket.code));
  });
});
