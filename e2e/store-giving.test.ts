/**
 * The store's first screen asks for money (issue 17 points 2 and 3): on a phone (375×812) and a
 * desktop (1280×800) the mission, the one shared amount and both causes' Donate buttons are on the
 * first screen; suggested amounts fill that amount, 'Other' keeps what was typed (SPEC.md §2, §4, §5).
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { usePage } from './support/browser';

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };
const VAGDEVI = 'SGS Vagdevi Center';
const ANY_OTHER = 'Any Other Donation';
// config/site.json's foundation.mission, which the built site serves.
const MISSION = 'Your gift funds hearing care for children, free medical camps, meals and scholarships.';

const amountInput = (page: Page) => page.getByLabel('Donation amount (USD)');
const donate = (page: Page, cause: string) =>
  page.getByRole('article', { name: cause }).getByRole('button', { name: 'Donate' });
const suggested = (page: Page, label: string) => page.getByRole('button', { name: label, exact: true });

async function bottomOf(locator: Locator): Promise<number> {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not visible');
  return b.y + b.height;
}

describe('the store asks for money on its first screen', () => {
  const t = usePage();

  it('shows the mission, the one amount and both causes’ Donate buttons without scrolling, on a phone and a desktop', async () => {
    const { page } = t;
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await page.goto('/');
      await donate(page, VAGDEVI).waitFor();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const where = `${size.width}×${size.height}`;
      expect(await bottomOf(page.getByText(MISSION)), `${where}: mission`).toBeLessThanOrEqual(size.height);
      expect(await bottomOf(amountInput(page)), `${where}: amount`).toBeLessThanOrEqual(size.height);
      for (const cause of [VAGDEVI, ANY_OTHER]) {
        expect(await bottomOf(donate(page, cause)), `${where}: Donate for ${cause}`).toBeLessThanOrEqual(size.height);
      }
      // One amount, shared by both causes: a single input on the page.
      expect(await page.getByRole('spinbutton').count(), where).toBe(1);
    }
  });

  it('a tapped suggested amount fills the shared amount: $101 for Any Other Donation', async () => {
    const { page } = t;
    await page.setViewportSize(PHONE);
    await page.goto('/');
    for (const label of ['$51', '$101', '$251', '$501', '$1,116', 'Other']) {
      expect(await suggested(page, label).getAttribute('aria-pressed'), label).toBe('false');
    }
    await suggested(page, '$101').click();
    expect(await suggested(page, '$101').getAttribute('aria-pressed')).toBe('true');
    expect(await amountInput(page).inputValue()).toBe('101');

    await donate(page, ANY_OTHER).click();
    await page.waitForURL('**/cart');
    await page.getByText('Donation Added!').waitFor();
    await page.getByText(`${ANY_OTHER} - $101.00`).waitFor();
    // The bucket's total includes the processing fee covered by default.
    await page.getByText('Total: $104.33').waitFor();
  });

  it('the suggested amounts work from the keyboard', async () => {
    const { page } = t;
    await page.goto('/');
    await suggested(page, '$251').focus();
    await page.keyboard.press('Enter');
    expect(await amountInput(page).inputValue()).toBe('251');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    expect(await suggested(page, '$501').getAttribute('aria-pressed')).toBe('true');
    expect(await suggested(page, '$251').getAttribute('aria-pressed')).toBe('false');
    expect(await amountInput(page).inputValue()).toBe('501');
  });

  it("'Other' focuses the amount and keeps what was typed: 25 for the Vagdevi center", async () => {
    const { page } = t;
    await page.setViewportSize(DESKTOP);
    await page.goto('/');
    await suggested(page, '$51').click();
    await suggested(page, 'Other').click();
    expect(await suggested(page, 'Other').getAttribute('aria-pressed')).toBe('true');
    expect(await amountInput(page).evaluate((input) => input === document.activeElement)).toBe(true);
    await page.keyboard.type('25');

    // A suggested amount and back to 'Other': the typed 25 is still there.
    await suggested(page, '$1,116').click();
    expect(await amountInput(page).inputValue()).toBe('1116');
    await suggested(page, 'Other').click();
    expect(await amountInput(page).inputValue()).toBe('25');

    await donate(page, VAGDEVI).click();
    await page.waitForURL('**/cart');
    await page.getByText(`${VAGDEVI} - $25.00`).waitFor();
    await page.getByText('Total: $26.06').waitFor();

    // Back in the store the amount was cleared after the add (SPEC.md §4) and no choice is pressed.
    await page.getByRole('link', { name: 'Back to Store' }).click();
    await page.getByRole('link', { name: 'Proceed to Pay' }).waitFor();
    expect(await amountInput(page).inputValue()).toBe('');
    expect(await suggested(page, 'Other').getAttribute('aria-pressed')).toBe('false');
  });

  it('an empty or invalid amount alerts and adds nothing, for either cause (SPEC.md §5)', async () => {
    const { page } = t;
    await page.goto('/');
    await donate(page, ANY_OTHER).click();
    await suggested(page, 'Other').click();
    await page.keyboard.type('0');
    await donate(page, VAGDEVI).click();
    await expect
      .poll(() => t.dialogs)
      .toEqual(['Please enter a valid donation amount.', 'Please enter a valid donation amount.']);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]'))).toEqual([]);
    expect(await page.getByRole('link', { name: 'Proceed to Pay' }).count()).toBe(0);
  });

  it("the concert tiers' Donate buttons are on the first screen: three of four on a phone, all four on a desktop", async () => {
    const { page } = t;
    const tiers = ['Concert Supporter', 'Concert Patron', 'Concert Benefactor', 'Concert Grand Sponsor'];
    for (const [size, onScreen] of [
      [PHONE, 3],
      [DESKTOP, 4],
    ] as const) {
      await page.setViewportSize(size);
      await page.goto('/concert');
      for (const tier of tiers.slice(0, onScreen)) {
        expect(await bottomOf(donate(page, tier)), `${size.width}px: ${tier}`).toBeLessThanOrEqual(size.height);
      }
    }
  });
});
