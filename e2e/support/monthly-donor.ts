/**
 * A donor's monthly gift, step by step in Chromium (issue 22): shared by the e2e spec, the
 * reliability test that bills the gift afterwards, and the screenshot script. `shot` (optional) is
 * called at each screen worth a look: the catalogue with the choice, the bucket, the checkout with
 * the inline account, the thank-you page.
 */
import type { Page } from 'playwright-core';
import { giveWithoutFee } from './checkout-flow';

const VAGDEVI = 'SGS Vagdevi Center';
export const MONTHLY_PASSWORD = 'correct horse battery';

export type Shot = (name: string) => Promise<void>;
const none: Shot = async () => {};

/**
 * From the store to the thank-you page: a monthly gift of `amount` dollars, the account made inline,
 * by its "Create account" button or (`accountBy: 'place-order'`) by Place Order itself, in one step.
 */
export async function startMonthlyGift(
  page: Page,
  {
    email,
    amount,
    shot = none,
    accountBy = 'button',
  }: { email: string; amount: string; shot?: Shot; accountBy?: 'button' | 'place-order' },
): Promise<void> {
  await page.goto('/');
  await page.getByRole('group', { name: 'How often' }).getByRole('button', { name: 'Monthly' }).click();
  await page.getByLabel('Donation amount (USD)').fill(amount);
  await shot('catalogue');
  await page.getByRole('article', { name: VAGDEVI }).getByRole('button', { name: 'Donate' }).click();
  await page.waitForURL('**/cart');
  await page.getByText(/^Then .* of each month$/).waitFor();
  await shot('bucket');
  await page.getByRole('link', { name: 'Checkout' }).click();
  await page.waitForURL('**/checkout');
  await page.getByLabel('Card Number').waitFor({ timeout: 20_000 });
  await page.getByLabel('Center', { exact: true }).selectOption({ label: 'Dallas Center, Texas' });
  await page.getByLabel('Card Holder First Name').fill('Asha');
  await page.getByLabel('Card Holder Last Name').fill('Rao');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mobile').fill('5125550123');
  await giveWithoutFee(page);
  const account = page.getByRole('group', { name: 'Monthly gifts need an account' });
  await account.getByLabel(/^Password/).fill(MONTHLY_PASSWORD);
  await page.getByLabel('Card Number').fill('4111 1111 1111 1111');
  await page.getByLabel('Expiration Date').fill('12/30');
  await page.getByLabel('CVV', { exact: true }).fill('123');
  await shot('checkout');
  if (accountBy === 'button') {
    await account.getByRole('button', { name: 'Create account' }).click();
    await page.getByText(/^Signed in as /).waitFor({ timeout: 20_000 });
  }
  await page.getByRole('button', { name: 'Place Order' }).click();
  await page.waitForURL('**/order-success', { timeout: 30_000 });
  await page.getByText(/Your monthly gift of .* will be charged on the/).waitFor();
  await shot('thank-you');
}

/** The dashboard's card of the gift (one gift to VAGDEVI per account here). */
export async function openGift(page: Page) {
  await page.goto('/dashboard');
  const gift = page.getByRole('article', { name: VAGDEVI });
  await gift.waitFor({ timeout: 20_000 });
  return gift;
}
