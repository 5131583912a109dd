import type { Site } from '@store/shared/site';
import { describe, expect, it } from 'vitest';
import { receiptNumber, renderReceipt } from './receipt';
import type { orders } from './tables';

type Order = typeof orders.$inferSelect;

const site: Pick<Site, 'foundation' | 'centers'> = {
  foundation: { name: 'Sri Datta Vani Foundation', url: 'https://www.dattavani.example.org/', timeZone: 'UTC' },
  centers: [
    { id: 1, name: 'Bay Area Center, California', address: '1201 Mission Blvd, Fremont, CA 94539' },
    { id: 2, name: 'Dallas Center, Texas' },
  ],
};

function order(overrides: Partial<Order> = {}): Order {
  return {
    id: '1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d',
    idempotencyKey: 'key',
    requestHash: 'hash',
    status: 'succeeded',
    amountCents: 252_510,
    currency: 'USD',
    centerId: 1,
    centerName: 'Bay Area Center, California',
    firstName: 'Asha',
    lastName: 'Rao',
    studentName: null,
    email: 'asha@example.org',
    mobile: '5551234567',
    delivery: null,
    products: [
      { id: 103, name: 'Concert Benefactor', unitCents: 250_000, quantity: 1, custom: false },
      { id: 9, name: 'Guruvara Dattam Vimalacharita Satakam', unitCents: 500, quantity: 3, custom: false },
      { id: 8, name: 'Any Other Donation', unitCents: 1_010, quantity: 1, custom: true },
    ],
    itemCount: 5,
    gateway: 'braintree',
    test: false,
    transactionId: 'sbx_7f3k2m',
    processorCode: '1000',
    processorText: 'Approved',
    failureMessage: null,
    answer: null,
    clientIp: '127.0.0.1',
    userId: null,
    reconciled: false,
    createdAt: new Date('2026-11-21T15:04:05Z'),
    updatedAt: new Date('2026-11-21T15:04:06Z'),
    ...overrides,
  };
}

const STATEMENT =
  'Sri Datta Vani Foundation is a non-profit organization. Donations are tax-deductible as per applicable laws.';

describe('receiptNumber', () => {
  it('is the day of the donation and the start of the order id', () => {
    expect(receiptNumber(order())).toBe('R-20261121-1A2B3C');
  });

  it('follows the time zone it is asked for', () => {
    const lateEvening = order({ createdAt: new Date('2027-01-01T04:30:00Z') });
    expect(receiptNumber(lateEvening)).toBe('R-20270101-1A2B3C');
    expect(receiptNumber(lateEvening, 'America/Los_Angeles')).toBe('R-20261231-1A2B3C');
  });
});

describe('renderReceipt', () => {
  it('addresses the donor, names the receipt and identifies the order', () => {
    const mail = renderReceipt({ order: order(), site });
    expect(mail.kind).toBe('receipt');
    expect(mail.subjectId).toBe('1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d');
    expect(mail.to).toBe('asha@example.org');
    expect(mail.subject).toBe('Your donation receipt R-20261121-1A2B3C from Sri Datta Vani Foundation');
  });

  it('has every detail in the plain-text version', () => {
    const { text } = renderReceipt({ order: order(), site });
    expect(text).toContain('Dear Asha Rao,');
    expect(text).toContain('Receipt number: R-20261121-1A2B3C');
    expect(text).toContain('Date: November 21, 2026 at 3:04 PM UTC');
    expect(text).toContain('Center: Bay Area Center, California');
    expect(text).toContain('Transaction ID: sbx_7f3k2m');
    expect(text).toContain('- Concert Benefactor: 1 x $2,500.00 = $2,500.00');
    expect(text).toContain('- Guruvara Dattam Vimalacharita Satakam: 3 x $5.00 = $15.00');
    expect(text).toContain('- Any Other Donation: 1 x $10.10 = $10.10');
    expect(text).toContain('Total: $2,525.10');
    expect(text).toContain(STATEMENT);
    expect(text).toContain('https://www.dattavani.example.org/');
    expect(text).not.toContain('Student:');
    expect(text).not.toMatch(/Pickup|Delivery/);
  });

  it('has every detail in the HTML version', () => {
    const { html } = renderReceipt({ order: order({ studentName: 'Kiran Rao' }), site });
    expect(html).toMatch(/^<!DOCTYPE html>/);
    for (const expected of [
      'R-20261121-1A2B3C',
      'November 21, 2026 at 3:04 PM UTC',
      'Dear Asha Rao,',
      'Kiran Rao',
      'Bay Area Center, California',
      'sbx_7f3k2m',
      'Guruvara Dattam Vimalacharita Satakam',
      '$5.00',
      '$15.00',
      '$2,525.10',
      STATEMENT,
      'href="https://www.dattavani.example.org/"',
    ]) {
      expect(html).toContain(expected);
    }
  });

  it('shows the pickup center or the delivery address when the order has one', () => {
    const pickup = renderReceipt({ order: order({ delivery: { pickup: true } }), site });
    expect(pickup.text).toContain('Pickup at Bay Area Center, California, 1201 Mission Blvd, Fremont, CA 94539');
    expect(pickup.html).toContain('Pickup at Bay Area Center, California, 1201 Mission Blvd, Fremont, CA 94539');
    const delivery = renderReceipt({
      order: order({ delivery: { pickup: false, street: '12 Elm St', city: 'Austin', state: 'TX', zip: '78701' } }),
      site,
    });
    expect(delivery.text).toContain('Delivery to 12 Elm St, Austin, TX 78701');
  });

  it('says so when the transaction id is missing rather than printing "null"', () => {
    const { text } = renderReceipt({ order: order({ transactionId: null }), site });
    expect(text).toContain('Transaction ID: not available');
  });

  it('escapes every value in the HTML, so names and products cannot inject markup', () => {
    const hostile = '<script>alert("x")</script>';
    const { html, text } = renderReceipt({
      order: order({
        firstName: hostile,
        lastName: '<img src=x onerror=alert(1)>',
        studentName: `"'&`,
        centerName: '<b>Center</b>',
        transactionId: '<i>tx</i>',
        products: [{ id: 8, name: `Gift ${hostile}`, unitCents: 100, quantity: 1, custom: true }],
        delivery: { pickup: false, street: '<u>1 Main</u>', city: 'X', state: 'Y', zip: '1' },
      }),
      site: {
        ...site,
        foundation: { name: 'F <em>oundation</em>', url: 'https://f.example/?a=1&b="2"', timeZone: 'UTC' },
      },
    });
    expect(html).not.toMatch(/<script|<img|<b>|<i>|<u>|<em>/);
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&quot;&#39;&amp;');
    expect(html).toContain('href="https://f.example/?a=1&amp;b=&quot;2&quot;"');
    // The text version is not HTML: it shows the values as typed.
    expect(text).toContain(`Dear ${hostile} <img src=x onerror=alert(1)>,`);
  });

  it('keeps the To and Subject header values on one line', () => {
    const mail = renderReceipt({
      order: order({ email: 'asha@example.org\r\nBcc: everyone@example.org' }),
      site: { ...site, foundation: { ...site.foundation, name: 'Foundation\r\nX-Injected: yes' } },
    });
    expect(mail.to).not.toMatch(/[\r\n]/);
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject).toBe('Your donation receipt R-20261121-1A2B3C from Foundation X-Injected: yes');
  });
});

describe('a test order’s receipt (issue 18)', () => {
  const NOTICE = 'TEST – no payment was taken';

  it('says TEST – no payment was taken in the subject, the text and the HTML, and claims no tax deduction', () => {
    const mail = renderReceipt({ order: order({ gateway: 'sandbox', test: true }), site });
    expect(mail.subject).toBe(`${NOTICE}: Your donation receipt R-20261121-1A2B3C from Sri Datta Vani Foundation`);
    expect(mail.text.split('\n')[0]).toBe(NOTICE);
    expect(mail.text).toContain(`${NOTICE}: this order was taken by the store's test mode`);
    expect(mail.html).toContain(`<title>${NOTICE}: Receipt R-20261121-1A2B3C</title>`);
    expect(mail.html).toContain(`Donation receipt (${NOTICE})`);
    for (const body of [mail.text, mail.html]) {
      expect(body).not.toContain(STATEMENT);
      expect(body).not.toContain('Thank you for your donation');
      expect(body).toContain('nothing on it is tax-deductible');
    }
  });

  it('says nothing of the kind for an order that was paid', () => {
    const mail = renderReceipt({ order: order(), site });
    for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toContain('TEST');
  });
});

describe('receipt time zone', () => {
  it("dates the receipt in the foundation's own zone, so a New Year's Eve gift stays in its tax year", () => {
    const lateEvening = new Date('2027-01-01T03:30:00Z'); // 9:30 PM on Dec 31 in Chicago
    const chicago = { ...site, foundation: { ...site.foundation, timeZone: 'America/Chicago' } };
    const { text } = renderReceipt({ order: order({ createdAt: lateEvening }), site: chicago });
    expect(text).toContain('December 31, 2026 at 9:30 PM CST');
  });
});
