/** Steps a donor takes, shared by the checkout and report specs. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const VAGDEVI = 'SGS Vagdevi Center';

/** On the store: where the donor gives from ('Canada (CAD)'), which sets the store's currency. */
export async function giveFrom(page: Page, country: string): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Giving from').selectOption({ label: country });
}

export async function donate(page: Page, amount: string, currency = 'USD'): Promise<void> {
  await page.goto('/');
  // One amount shared by the open-amount causes (the giving panel), then the cause's own Donate.
  await page.getByLabel(`Donation amount (${currency})`).fill(amount);
  await page.getByRole('article', { name: VAGDEVI }).getByRole('button', { name: 'Donate' }).click();
  await page.waitForURL('**/cart');
}

export async function openCheckout(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Checkout' }).click();
  await page.waitForURL('**/checkout');
  // Ready when the captcha is solved, the client token fetched and the card form built.
  await page.getByLabel('Card Number').waitFor({ timeout: 20_000 });
  await expect
    .poll(() => page.getByRole('button', { name: 'Place Order' }).isEnabled(), { timeout: 20_000 })
    .toBe(true);
}

/**
 * Unticks "Add $X so that all of my gift reaches the foundation" (ticked by default in
 * site.json), whatever the page's language: a spec's figures are then its bucket's alone.
 * e2e/gift-fee.test.ts walks the fee itself.
 */
export async function giveWithoutFee(page: Page): Promise<void> {
  const offer = page.locator('.cover-fee input[type="checkbox"]');
  if ((await offer.count()) > 0) await offer.uncheck();
}

export async function fillDonor(
  page: Page,
  name = { first: 'Asha', last: 'Rao' },
  center = 'Dallas Center, Texas',
  { coverFee = false }: { coverFee?: boolean } = {},
): Promise<void> {
  await page.getByLabel('Center', { exact: true }).selectOption({ label: center });
  if (!coverFee) await giveWithoutFee(page);
  await page.getByLabel('Card Holder First Name').fill(name.first);
  await page.getByLabel('Card Holder Last Name').fill(name.last);
  await page.getByLabel('Email').fill('asha@example.org');
  await page.getByLabel('Mobile').fill('5125550123');
}

export async function fillCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Card Number').fill(number);
  await page.getByLabel('Expiration Date').fill('12/30');
  await page.getByLabel('CVV', { exact: true }).fill('123');
  await page.getByLabel('Cardholder Name').fill('Asha Rao');
}
