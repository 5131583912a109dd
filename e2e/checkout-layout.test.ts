/**
 * The checkout as a trustworthy page (issue 17 point 4): on a desktop (1280×800) the summary with
 * its total beside the form and in the first screen, a way back to the bucket, the sandbox saying it
 * charges nobody, the name asked once, and a card error that appears on blur moving nothing.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { usePage } from './support/browser';

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };

/** The book and a $25 donation, as the store writes them to localStorage. */
async function seedBucket(page: Page): Promise<void> {
  await page.goto('/healthz');
  await page.evaluate(() =>
    localStorage.setItem(
      'cart',
      JSON.stringify([
        { key: '9', id: 9, name: 'Guruvara Dattam Vimalacharita Satakam', price: 5, quantity: 1 },
        { key: '8:2500', id: 8, name: 'Any Other Donation - $25.00', price: 25, quantity: 1, custom: true },
      ]),
    ),
  );
}

/** /checkout with the card form built and Place Order enabled. */
async function openReadyCheckout(page: Page): Promise<void> {
  await page.goto('/checkout');
  await page.getByLabel('Card Number').waitFor({ timeout: 20_000 });
  await expect
    .poll(() => page.getByRole('button', { name: 'Place Order' }).isEnabled(), { timeout: 20_000 })
    .toBe(true);
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not visible');
  return b;
}

/** Where an element is on the page (not the screen): a scroll does not change it, a shift does. */
function pageBox(locator: Locator) {
  return locator.evaluate((element) => {
    const r = element.getBoundingClientRect();
    return { x: r.left + window.scrollX, y: r.top + window.scrollY, width: r.width, height: r.height };
  });
}

describe('the checkout page', () => {
  const t = usePage();

  it('on a desktop puts the summary beside the form, with its total in the first screen', async () => {
    const { page } = t;
    await page.setViewportSize(DESKTOP);
    await seedBucket(page);
    await openReadyCheckout(page);
    const summary = page.getByRole('region', { name: 'Order Summary' });
    // $30.00 and the $1.21 fee its donor covers by default: the total includes it.
    const total = summary.getByText('$31.21', { exact: true });
    await total.waitFor();
    const form = await box(page.locator('form.checkout-form'));
    const side = await box(summary);
    expect(side.x, 'the summary is right of the form').toBeGreaterThanOrEqual(form.x + form.width);
    expect(side.y, 'side by side, not below').toBeLessThan(form.y + 200);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const totalBox = await box(total);
    expect(totalBox.y + totalBox.height, 'the total is in the first screen').toBeLessThanOrEqual(DESKTOP.height);

    // Sticky: scrolled down to Place Order, the total is still in view.
    await page.getByRole('button', { name: 'Place Order' }).scrollIntoViewIfNeeded();
    const scrolled = await box(total);
    expect(scrolled.y).toBeGreaterThanOrEqual(0);
    expect(scrolled.y + scrolled.height).toBeLessThanOrEqual(DESKTOP.height);
  });

  it('on a phone shows the summary with the total before the form', async () => {
    const { page } = t;
    await page.setViewportSize(PHONE);
    await seedBucket(page);
    await openReadyCheckout(page);
    const total = await box(page.getByRole('region', { name: 'Order Summary' }).getByText('$31.21', { exact: true }));
    const center = await box(page.getByLabel('Center', { exact: true }));
    expect(total.y).toBeLessThan(center.y);
    expect(total.y + total.height).toBeLessThanOrEqual(PHONE.height);
  });

  it('links back to the bucket', async () => {
    const { page } = t;
    await seedBucket(page);
    await page.goto('/checkout');
    await page.getByRole('link', { name: 'Back to Bucket' }).click();
    await page.waitForURL('**/cart');
    await page.getByRole('heading', { name: 'Your Donation Bucket' }).waitFor();
  });

  it('says it is a test store that charges no card, and that the payment is secure', async () => {
    const { page } = t;
    await seedBucket(page);
    await openReadyCheckout(page);
    expect(await page.getByText('Test store: no card is charged.').isVisible()).toBe(true);
    expect(await page.getByText(/^Secure payment:/).isVisible()).toBe(true);
  });

  it('fills the cardholder name from the first and last name, unless the donor typed their own', async () => {
    const { page } = t;
    await seedBucket(page);
    await openReadyCheckout(page);
    const cardholder = page.getByLabel('Cardholder Name');
    await page.getByLabel('Card Holder First Name').fill('Asha');
    await page.getByLabel('Card Holder Last Name').fill('Rao');
    await expect.poll(() => cardholder.inputValue()).toBe('Asha Rao');
    await page.getByLabel('Card Holder First Name').fill('Asha R.');
    await expect.poll(() => cardholder.inputValue()).toBe('Asha R. Rao');

    await cardholder.fill('A. Rao');
    await page.getByLabel('Card Holder Last Name').fill('Rao-Iyer');
    // Give the page the time to overwrite it, had it wanted to.
    await page.waitForTimeout(300);
    expect(await cardholder.inputValue()).toBe('A. Rao');
  });

  for (const [name, size] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`on a ${name}, a card field's error on blur does not move Place Order`, async () => {
      const { page } = t;
      await page.setViewportSize(size);
      await seedBucket(page);
      await openReadyCheckout(page);
      const placeOrder = page.getByRole('button', { name: 'Place Order' });
      await placeOrder.scrollIntoViewIfNeeded();
      const before = await pageBox(placeOrder);

      await page.getByLabel('Card Number').fill('4111 1111 1111 1112');
      await page.getByLabel('Card Number').blur();
      await page.getByText('This card number is not valid.', { exact: true }).waitFor();
      expect(await pageBox(placeOrder)).toEqual(before);

      // The half-width fields: an empty expiry, then a bad CVV (longer words on a narrow row).
      await page.getByLabel('Expiration Date').focus();
      await page.getByLabel('Expiration Date').blur();
      await page.getByText('Please fill out an expiration date.', { exact: true }).waitFor();
      await page.getByLabel('CVV', { exact: true }).fill('1');
      await page.getByLabel('CVV', { exact: true }).blur();
      await page.getByText('This security code is not valid.', { exact: true }).waitFor();
      expect(await pageBox(placeOrder)).toEqual(before);
    });
  }
});
