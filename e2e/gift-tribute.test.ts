/**
 * A gift in memory of someone, with an e-mail card, in Chromium against the built site.
 * The thank-you page names the card's recipient; the mail worker (DATA_DIR/outbox, `.eml` files
 * named by kind) writes exactly one card, to the named address, without the amount; the donor's
 * receipt PDF prints the tribute.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { emlPart, emlSubject } from '../reliability/support/eml';
import { usePage } from './support/browser';
import { donate, fillCard, fillDonor, openCheckout } from './support/checkout-flow';
import { mailedReceipt } from './support/receipt-mail';

function cardsTo(email: string): string[] {
  const outbox = join(inject('dataDir'), 'outbox');
  return readdirSync(outbox)
    .filter((name) => name.includes('-tribute-card-'))
    .map((name) => readFileSync(join(outbox, name), 'utf8'))
    .filter((mail) => new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'im').test(mail));
}

describe('a gift in memory of someone', () => {
  const t = usePage();

  it('sends the e-mail card to the named address, once, and prints the tribute on the receipt', async () => {
    const { page } = t;
    const recipient = `lakshmi.${Date.now()}@example.org`;
    await donate(page, '51');
    await openCheckout(page);
    await fillDonor(page);
    const dedication = page.getByRole('group', { name: 'Dedicate this gift' });
    await dedication.getByRole('radio', { name: 'In memory of' }).check();
    await dedication.getByLabel('Their name').fill('Sita Devi');
    await dedication.getByLabel('Message (optional)').fill('She fed everyone who came to her door.');
    await dedication.getByRole('checkbox', { name: 'Send an e-mail card' }).check();
    await dedication.getByLabel("Recipient's name").fill('Lakshmi Rao');
    await dedication.getByLabel("Recipient's e-mail").fill(recipient);
    await fillCard(page, '4111 1111 1111 1111');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL('**/order-success', { timeout: 30_000 });
    await page.getByText('An e-mail card will be sent to Lakshmi Rao.').waitFor();
    const receiptNumber = (await page.locator('.order-receipt__number').textContent()) ?? '';

    await expect.poll(() => cardsTo(recipient).length, { timeout: 20_000, interval: 200 }).toBeGreaterThan(0);
    const receipt = await mailedReceipt(receiptNumber);
    expect(receipt.pdf).toContain('In memory of Sita Devi');
    // Still one card once the receipt is written too (the card is queued once per order).
    const [card, ...more] = cardsTo(recipient);
    expect(more).toEqual([]);
    expect(emlSubject(card ?? '')).toBe('Asha Rao made a gift in memory of Sita Devi');
    const text = emlPart(card ?? '', 'plain');
    expect(text).toContain('Dear Lakshmi,');
    expect(text).toContain('She fed everyone who came to her door.');
    expect(text).not.toContain('51.00');
  });
});
