/** The store and the bucket as a visitor meets them (SPEC.md §2 Catalogue and Bucket, §4, §5). */
import { describe, expect, it } from 'vitest';
import { usePage } from './support/browser';

const BOOK = 'Guruvara Dattam Vimalacharita Satakam';
const VAGDEVI = 'SGS Vagdevi Center';

describe('store and bucket', () => {
  const t = usePage();

  it('shows a price line on every card, "Any amount" on the open-amount ones', async () => {
    const { page } = t;
    await page.goto('/');
    await page.getByRole('article', { name: BOOK }).getByText('Price: $5.00').waitFor();
    for (const name of [VAGDEVI, 'Any Other Donation']) {
      await page.getByRole('article', { name }).getByText('Price: Any amount').waitFor();
    }
  });

  it('refuses a custom donation of 0 and accepts 25', async () => {
    const { page } = t;
    await page.goto('/');
    const card = page.getByRole('article', { name: VAGDEVI });
    await card.getByRole('heading', { name: VAGDEVI }).waitFor();
    expect(await page.getByRole('link', { name: 'Proceed to Pay' }).count()).toBe(0);

    // The one amount the open-amount causes share (the giving panel above the cards).
    const amount = page.getByLabel('Donation amount (USD)');
    await amount.fill('0');
    await card.getByRole('button', { name: 'Donate' }).click();
    await expect.poll(() => t.dialogs).toEqual(['Please enter a valid donation amount.']);
    expect(new URL(page.url()).pathname).toBe('/');

    await amount.fill('25');
    await card.getByRole('button', { name: 'Donate' }).click();
    await page.waitForURL('**/cart');
    await page.getByText('Donation Added!').waitFor();
    await page.getByText(`${VAGDEVI} - $25.00`).waitFor();
    // The bucket's total includes the processing fee covered by default: $25.00 + $1.06.
    await page.getByText('Total: $26.06').waitFor();

    // Back in the store, the shared amount input was cleared and 'Proceed to Pay' now shows.
    await page.getByRole('link', { name: 'Back to Store' }).click();
    await page.getByRole('link', { name: 'Proceed to Pay' }).waitFor();
    expect(await page.getByLabel('Donation amount (USD)').inputValue()).toBe('');
  });

  it('adds the book twice, changes quantities down to the floor, removes lines until empty, and keeps the bucket across a reload', async () => {
    const { page } = t;
    await page.goto('/');
    const book = page.getByRole('article', { name: BOOK });
    await book.getByRole('img').waitFor();
    expect(await book.getByRole('heading', { name: BOOK }).count()).toBe(0);
    await book.getByRole('button', { name: 'Donate' }).click();
    await page.waitForURL('**/cart');
    await page.getByRole('link', { name: 'Back to Store' }).click();
    await page.getByRole('article', { name: BOOK }).getByRole('button', { name: 'Donate' }).click();
    await page.waitForURL('**/cart');

    const quantity = page.getByLabel(`Quantity of ${BOOK}`, { exact: true });
    await expect.poll(() => quantity.textContent()).toBe('2');
    await page.getByText('Total: $10.61').waitFor();

    await page.getByRole('button', { name: `Increase quantity of ${BOOK}` }).click();
    await expect.poll(() => quantity.textContent()).toBe('3');
    await page.getByText('Cart updated').first().waitFor();
    await page.getByText('Total: $15.76').waitFor();

    const minus = page.getByRole('button', { name: `Decrease quantity of ${BOOK}` });
    await minus.click();
    await minus.click();
    await expect.poll(() => quantity.textContent()).toBe('1');
    // The floor is 1: minus can no longer lower it.
    expect(await minus.isDisabled()).toBe(true);
    await page.getByText('Total: $5.46').waitFor();

    // Add a second line, then reload: the bucket is kept in localStorage under `cart`.
    await page.getByRole('link', { name: 'Back to Store' }).click();
    await page.getByLabel('Donation amount (USD)').fill('10.50');
    await page.getByRole('article', { name: 'Any Other Donation' }).getByRole('button', { name: 'Donate' }).click();
    await page.waitForURL('**/cart');
    await page.reload();
    await page.getByText('Any Other Donation - $10.50').waitFor();
    await page.getByText('Total: $16.28').waitFor();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? 'null'));
    expect(stored).toEqual([
      expect.objectContaining({ id: 9, name: BOOK, price: 5, quantity: 1 }),
      expect.objectContaining({ id: 8, name: 'Any Other Donation - $10.50', price: 10.5, quantity: 1 }),
    ]);

    await page.getByRole('button', { name: `Remove ${BOOK}` }).click();
    await page.getByText('Total: $11.13').waitFor();
    await page.getByRole('button', { name: 'Remove Any Other Donation - $10.50' }).click();
    await page.getByText('Your donation bucket is empty.').waitFor();
    expect(await page.getByRole('link', { name: 'Checkout' }).count()).toBe(0);
    await page.reload();
    await page.getByText('Your donation bucket is empty.').waitFor();
  });

  it('leads back to the concert donations when the visitor came from there, else to the store', async () => {
    const { page } = t;
    await page.goto('/concert');
    const tier = page.getByRole('article', { name: 'Concert Patron' });
    await tier.getByRole('button', { name: 'Donate' }).click();
    await page.waitForURL('**/cart');
    await page.getByText('Concert Patron').waitFor();
    await page.getByRole('link', { name: 'Back to Concert Donations' }).click();
    await page.waitForURL('**/concert');

    await page.goto('/cart');
    await page.getByRole('link', { name: 'Back to Store' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('article', { name: VAGDEVI }).waitFor();
  });

  it('survives a corrupt bucket in localStorage', async () => {
    const { page } = t;
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('cart', '{corrupt'));
    await page.goto('/cart');
    await page.getByText('Your donation bucket is empty.').waitFor();
  });

  it('shows the error screen on an unknown route', async () => {
    const { page } = t;
    const res = await page.goto('/no-such-page');
    expect(res?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Unexpected Application Error!' }).waitFor();
    await page.getByText('404 Not Found').waitFor();
  });

  it('cuts the long description and toggles More / Show less', async () => {
    const { page } = t;
    await page.goto('/');
    const book = page.getByRole('article', { name: BOOK });
    const more = book.getByRole('button', { name: 'More' });
    await more.waitFor();
    const cutText = await book.textContent();
    expect(cutText).toContain('...');
    await more.click();
    await book.getByRole('button', { name: 'Show less' }).waitFor();
    expect(await book.textContent()).toContain('All proceeds from the sale of this book');
  });
});
