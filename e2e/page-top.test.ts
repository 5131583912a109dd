/** Every page opens at its top, on a phone (375×812) and a desktop (1280×800). */
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { usePage } from './support/browser';

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not visible');
  return b;
}

describe('pages open at their top', () => {
  const t = usePage();

  it('a page reached by a link starts at the top, with its heading on screen', async () => {
    const { page } = t;
    await page.setViewportSize(PHONE);
    await page.goto('/');
    // The book's card is far down a phone's screen: the visitor has scrolled to reach it.
    const card = page.getByRole('article', { name: 'Guruvara Dattam Vimalacharita Satakam' });
    await card.getByRole('button', { name: 'Donate' }).click();
    await page.waitForURL('**/cart');
    const heading = page.getByRole('heading', { level: 1, name: 'Your Donation Bucket' });
    await heading.waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect((await box(heading)).y).toBeGreaterThan(0);
  });

  it('a short page is no taller than the screen', async () => {
    const { page } = t;
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await page.goto('/cart');
      await page.getByText('Your donation bucket is empty.').waitFor();
      const [height, inner] = await page.evaluate(() => [document.documentElement.scrollHeight, window.innerHeight]);
      expect(height, `${size.width}px`).toBeLessThanOrEqual(inner);
    }
  });
});
