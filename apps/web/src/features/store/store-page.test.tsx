import { CART_STORAGE_KEY } from '@store/shared/storage-keys';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { currentPath, jsonResponse, renderApp, stubCatalogueFetch } from '#src/test/render-app';
import { anyOther, catalogueFixture, satakam, vagdevi } from '#src/test/site-fixture';

const card = (name: string) => screen.findByRole('article', { name });
// One amount, shared by the open-amount causes (SPEC.md §2).
const amountInput = () => screen.getByLabelText('Donation amount (USD)');
const suggested = (label: string) => screen.getByRole('button', { name: label });

describe('store (/)', () => {
  test('shows a loading status, then the three catalogue cards', async () => {
    const fetchMock = stubCatalogueFetch();
    await renderApp({ stubFetch: false });
    await card(vagdevi.name);
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
      vagdevi.name,
      anyOther.name,
      satakam.name,
    ]);
    expect(fetchMock).toHaveBeenCalledWith('/api/public/catalogue', expect.anything());
  });

  test('only the item with id 9 shows an image; the others show their name as a heading', async () => {
    await renderApp();
    const book = await card(satakam.name);
    expect(within(book).getByRole('img', { name: satakam.imageAlt ?? '' })).toHaveAttribute('width');
    expect(within(book).queryByRole('heading')).toBeNull();
    for (const item of [vagdevi, anyOther]) {
      const article = screen.getByRole('article', { name: item.name });
      expect(within(article).queryByRole('img')).toBeNull();
      expect(within(article).getByRole('heading', { level: 2, name: item.name })).toBeInTheDocument();
    }
  });

  test('cuts a long description at the last space before 500 characters, with More / Show less', async () => {
    const { user } = await renderApp();
    const book = await card(satakam.name);
    const more = within(book).getByRole('button', { name: 'More' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    const cutText = within(book).getByText(/\.\.\.$/).textContent ?? '';
    expect(cutText.length).toBeLessThanOrEqual(503);
    expect(satakam.desc.startsWith(cutText.slice(0, -3))).toBe(true);

    await user.click(more);
    expect(within(book).getByText(satakam.desc)).toBeInTheDocument();
    const less = within(book).getByRole('button', { name: 'Show less' });
    expect(less).toHaveAttribute('aria-expanded', 'true');

    await user.click(less);
    expect(within(book).getByText(cutText)).toBeInTheDocument();
    // Short descriptions are shown whole, with no toggle.
    expect(
      within(screen.getByRole('article', { name: vagdevi.name })).queryByRole('button', { name: 'More' }),
    ).toBeNull();
  });

  test('shows a price line on every card, and one amount input for the open ones', async () => {
    await renderApp();
    const book = await card(satakam.name);
    expect(within(book).getByText('Price: $5.00')).toBeInTheDocument();
    for (const item of [vagdevi, anyOther]) {
      const open = screen.getByRole('article', { name: item.name });
      expect(within(open).getByText('Price: Any amount')).toBeInTheDocument();
      expect(within(open).getByRole('button', { name: 'Donate' })).toBeInTheDocument();
    }
    expect(screen.getAllByRole('spinbutton')).toEqual([amountInput()]);
    expect(amountInput()).toHaveAttribute('min', '1');
  });

  test("opens with the foundation's mission above the amount", async () => {
    await renderApp();
    await card(vagdevi.name);
    const mission = screen.getByText(catalogueFixture.foundation.mission ?? '');
    const giving = screen.getByRole('region', { name: 'Give now' });
    expect(giving).toContainElement(mission);
    expect(giving).toContainElement(amountInput());
  });

  test('colours cards by price class', async () => {
    await renderApp();
    // 0 and 5 dollars are below every threshold.
    for (const item of catalogueFixture.items) expect(await card(item.name)).toHaveClass('card--grey');
  });

  test('a suggested amount fills the one amount; Other focuses it and brings back what was typed', async () => {
    const { user } = await renderApp();
    await card(vagdevi.name);
    const group = screen.getByRole('group', { name: 'Choose an amount' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['$51', '$101', '$251', '$501', '$1,116', 'Other']);
    await user.type(amountInput(), '12.5');
    expect(suggested('Other')).toHaveAttribute('aria-pressed', 'true');

    await user.click(suggested('$101'));
    expect(amountInput()).toHaveValue(101);
    expect(suggested('$101')).toHaveAttribute('aria-pressed', 'true');
    expect(suggested('Other')).toHaveAttribute('aria-pressed', 'false');

    await user.click(suggested('Other'));
    expect(amountInput()).toHaveValue(12.5);
    expect(amountInput()).toHaveFocus();
  });

  test('$101 then Donate for Any Other Donation adds "Any Other Donation - $101.00"', async () => {
    const { user } = await renderApp();
    const open = await card(anyOther.name);
    await user.click(suggested('$101'));
    await user.click(within(open).getByRole('button', { name: 'Donate' }));
    await waitFor(() => expect(currentPath()).toBe('/cart'));
    expect(await screen.findByText('Any Other Donation - $101.00')).toBeInTheDocument();
  });

  test.each(['', '0'])('an amount of %j alerts and adds nothing', async (typed) => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { user } = await renderApp();
    const open = await card(vagdevi.name);
    if (typed) await user.type(amountInput(), typed);
    await user.click(within(open).getByRole('button', { name: 'Donate' }));
    expect(alert).toHaveBeenCalledWith('Please enter a valid donation amount.');
    expect(currentPath()).toBe('/');
    expect(window.localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Proceed to Pay' })).toBeNull();
  });

  test('25 adds "SGS Vagdevi Center - $25.00", clears the input, toasts and goes to /cart', async () => {
    const { user } = await renderApp();
    const open = await card(vagdevi.name);
    await user.type(amountInput(), '25');
    await user.click(within(open).getByRole('button', { name: 'Donate' }));

    expect(await screen.findByText('Donation Added!')).toBeInTheDocument();
    // Navigation is a transition: the old screen stays until the lazy /cart chunk has loaded.
    await waitFor(() => expect(currentPath()).toBe('/cart'));
    const list = await within(screen.getByRole('main')).findByRole('list');
    expect(within(list).getByText('SGS Vagdevi Center - $25.00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Store' })).toHaveAttribute('href', '/');

    await user.click(screen.getByRole('link', { name: 'Back to Store' }));
    expect(amountInput()).toHaveValue(null);
  });

  test('a fixed item is added at its price, and the top bar then offers Proceed to Pay', async () => {
    const { user } = await renderApp();
    const book = await card(satakam.name);
    expect(screen.queryByRole('link', { name: 'Proceed to Pay' })).toBeNull();
    await user.click(within(book).getByRole('button', { name: 'Donate' }));
    expect(await screen.findByText('Total: $5.00')).toBeInTheDocument();
    // Not on /cart itself, where it would lead to the same page; back in the store it shows.
    expect(screen.queryByRole('link', { name: 'Proceed to Pay' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Back to Store' }));
    expect(await screen.findByRole('link', { name: 'Proceed to Pay' })).toHaveAttribute('href', '/cart');
  });

  test('the top bar links to the foundation; the footer names it', async () => {
    await renderApp();
    await card(vagdevi.name);
    expect(screen.getByRole('link', { name: 'Online Store' })).toHaveAttribute('href', catalogueFixture.foundation.url);
    expect(
      screen.getByText(
        'Sri Datta Vani Foundation is a non-profit organization. Donations are tax-deductible as per applicable laws.',
      ),
    ).toBeInTheDocument();
  });

  test('a failed load shows the error and Retry loads again', async () => {
    let calls = 0;
    stubCatalogueFetch(() =>
      ++calls === 1
        ? jsonResponse({ error: { code: 'internal', message: 'The catalogue is unavailable.' } }, 500)
        : jsonResponse(catalogueFixture),
    );
    const { user } = await renderApp({ stubFetch: false });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the donation items.');
    expect(alert).toHaveTextContent('The catalogue is unavailable.');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await card(vagdevi.name)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});

describe('concert (/concert)', () => {
  test('lists the concert tiers coloured by price, and adding returns to them from /cart', async () => {
    const { user } = await renderApp({ path: '/concert' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Concert Donations' })).toBeInTheDocument();
    const colours = ['card--sky', 'card--teal', 'card--orange', 'card--yellow'];
    for (const [i, tier] of catalogueFixture.concert.entries()) {
      expect(await card(tier.name)).toHaveClass(colours[i] ?? '');
    }
    const patron = screen.getByRole('article', { name: 'Concert Patron' });
    expect(within(patron).getByText('Price: $500.00')).toBeInTheDocument();
    await user.click(within(patron).getByRole('button', { name: 'Donate' }));

    await waitFor(() => expect(currentPath()).toBe('/cart'));
    const back = await screen.findByRole('link', { name: 'Back to Concert Donations' });
    expect(back).toHaveAttribute('href', '/concert');
    expect(screen.getByText('Concert Patron')).toBeInTheDocument();
  });
});
