/** The bucket on a phone (375×812) and a desktop (1280×800): line totals, layout, Undo, the top bar. */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { usePage } from './support/browser';

const BOOK = 'Guruvara Dattam Vimalacharita Satakam';
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };

/** The book at quantity 3 and a $25 donation, as the store writes them to localStorage. */
async function seedBucket(page: Page): Promise<void> {
  await page.goto('/healthz');
  await page.evaluate(() =>
    localStorage.setItem(
      'cart',
      JSON.stringify([
        { key: '9', id: 9, name: 'Guruvara Dattam Vimalacharita Satakam', price: 5, quantity: 3 },
        { key: '8:2500', id: 8, name: 'Any Other Donation - $25.00', price: 25, quantity: 1, custom: true },
      ]),
    ),
  );
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not visible');
  return b;
}

describe('the bucket on a phone and a desktop', () => {
  const t = usePage();

  it('shows the unit price and the line total', async () => {
    const { page } = t;
    await seedBucket(page);
    await page.goto('/cart');
    const line = page.getByRole('listitem').filter({ hasText: BOOK });
    await line.getByText('$15.00').waitFor();
    await line.getByText('$5.00 each').waitFor();
    // The bucket's total includes the processing fee covered by default.
    await page.getByText('Total: $41.51').waitFor();
  });

  it('puts the controls beside the name on a desktop and below it on a phone, with a full-width Checkout on a phone', async () => {
    const { page } = t;
    await seedBucket(page);
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await page.goto('/cart');
      const line = page.getByRole('listitem').filter({ hasText: BOOK });
      const name = await box(line.getByText(BOOK, { exact: true }));
      const plus = await box(line.getByRole('button', { name: `Increase quantity of ${BOOK}` }));
      if (size === DESKTOP) expect(plus.y, 'desktop: same row').toBeLessThan(name.y + name.height);
      else expect(plus.y, 'phone: stacked').toBeGreaterThanOrEqual(name.y + name.height);
    }
    const checkout = await box(page.getByRole('link', { name: 'Checkout', exact: true }));
    const main = await box(page.getByRole('main'));
    // The main's side padding is 1 rem on each side.
    expect(checkout.width).toBeGreaterThanOrEqual(main.width - 40);
  });

  it('offers Undo after a remove, which puts the line back with its quantity', async () => {
    const { page } = t;
    await seedBucket(page);
    await page.goto('/cart');
    await page.getByRole('button', { name: `Remove ${BOOK}` }).click();
    await page.getByText(`Removed ${BOOK}.`).waitFor();
    await page.getByText('Total: $26.06').waitFor();
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => page.getByLabel(`Quantity of ${BOOK}`, { exact: true }).textContent()).toBe('3');
    await page.getByText('Total: $41.51').waitFor();
    // Back in its place, first.
    expect(await page.getByRole('main').getByRole('listitem').first().textContent()).toContain(BOOK);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]')[0].quantity)).toBe(3);
  });

  it("does not show 'Proceed to Pay' on /cart and /checkout, where it would lead to itself", async () => {
    const { page } = t;
    await seedBucket(page);
    await page.goto('/');
    await page.getByRole('link', { name: 'Proceed to Pay' }).waitFor();
    for (const path of ['/cart', '/checkout']) {
      await page.goto(path);
      await page.getByText('Total: $41.51').first().waitFor();
      expect(await page.getByRole('link', { name: 'Proceed to Pay' }).count(), path).toBe(0);
    }
  });
});
