import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { currentPath, jsonResponse } from '#src/test/render-app';
import { cardOrder, LAZY, openAdmin, sessionOf } from '../admin-test-helpers';
import { ADMIN_PAGES } from '../shell/admin-pages';

function order(id: number) {
  const { products, refunds, correctedReceiptNumber, ...row } = cardOrder({
    id: `order-${id}`,
    firstName: `Donor${id}`,
    receiptNumber: `2026-00000${id}`,
  });
  return row;
}

/*
 * The search and the center filter live in the URL (so the list comes back as it was after opening
 * an order): these tests open the page with them. Submitting a search in jsdom re-renders the top
 * bar's bucket during the navigation, which suspends there (see app/top-bar.tsx); Chromium was
 * checked by hand (scripts/admin-screenshots.ts).
 */
describe('the orders page (/admin/orders)', () => {
  test('lists the orders with the search and center of the URL, loads more by cursor, and opens an order', async () => {
    const { user, api } = await openAdmin('/admin/orders?q=donor&center=2', {
      'GET /api/staff/me': () => jsonResponse(sessionOf('owner')),
      'GET /api/staff/orders': ({ url }) =>
        jsonResponse(
          url.searchParams.get('cursor') === 'c2'
            ? { orders: [order(3)], nextCursor: null }
            : { orders: [order(1), order(2)], nextCursor: 'c2' },
        ),
      'GET /api/staff/orders/order-3': () => jsonResponse(cardOrder({ id: 'order-3', firstName: 'Donor3' })),
    });
    const table = await screen.findByRole('table', { name: 'Orders' }, LAZY);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Date', 'Donor', 'Center', 'Amount', 'Refunded', 'Receipt', 'Source']);
    expect(within(table).getByText('2026-000001')).toBeInTheDocument();
    expect(within(table).getAllByText('$100.00')).toHaveLength(2);
    expect(screen.getByLabelText('Search by name, e-mail or receipt number')).toHaveValue('donor');
    expect(await screen.findByRole('option', { name: 'Dallas Center, Texas', selected: true })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByText('2026-000003')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(api.requests('GET /api/staff/orders').map((r) => r.url.search)).toEqual([
      '?q=donor&center=2',
      '?q=donor&center=2&cursor=c2',
    ]);

    await ADMIN_PAGES.OrderDetailPage.preload();
    await user.click(screen.getByRole('link', { name: /order of Donor3/ }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Order of Donor3 Kumar' }, LAZY)).toBeInTheDocument();
    expect(currentPath()).toBe('/admin/orders/order-3');
  });

  test("a filter the server refuses is said in words, without the query's own names", async () => {
    await openAdmin('/admin/orders?center=99999999999', {
      'GET /api/staff/me': () => jsonResponse(sessionOf('owner')),
      'GET /api/staff/orders': () =>
        jsonResponse(
          {
            error: {
              code: 'validation_error',
              message: 'Invalid query string: center: must be a center id',
              fields: { center: 'must be a center id' },
            },
          },
          400,
        ),
    });
    expect(
      await screen.findByText('This search or filter cannot be used. Change it and try again.', {}, LAZY),
    ).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/Invalid query string|center:/);
  });

  test('a volunteer has no center filter: the server answers with their center only', async () => {
    await openAdmin('/admin/orders', {
      'GET /api/staff/me': () => jsonResponse(sessionOf('volunteer')),
      'GET /api/staff/orders': () => jsonResponse({ orders: [], nextCursor: null }),
    });
    expect(await screen.findByText('No orders yet.', {}, LAZY)).toBeInTheDocument();
    expect(screen.queryByLabelText('Center')).toBeNull();
    expect(screen.getByText('Showing Dallas Center, Texas only.')).toBeVisible();
  });

  test('an owner reads every center: no note limits the list', async () => {
    await openAdmin('/admin/orders', {
      'GET /api/staff/me': () => jsonResponse(sessionOf('owner')),
      'GET /api/staff/orders': () => jsonResponse({ orders: [], nextCursor: null }),
    });
    expect(await screen.findByText('No orders yet.', {}, LAZY)).toBeInTheDocument();
    expect(screen.queryByText(/^Showing/)).toBeNull();
  });

  test("a volunteer opening another center's order is told whose it is, with the way back and no 'Try again'", async () => {
    const { user } = await openAdmin('/admin/orders/f0ea0add-0000-4000-8000-000000000000', {
      'GET /api/staff/me': () => jsonResponse(sessionOf('volunteer')),
      'GET /api/staff/orders/f0ea0add-0000-4000-8000-000000000000': () =>
        jsonResponse(
          {
            error: { code: 'other_center', message: 'This order belongs to another center (Toronto Center, Canada).' },
          },
          403,
        ),
      'GET /api/staff/orders': () => jsonResponse({ orders: [], nextCursor: null }),
    });
    const alert = await screen.findByRole('alert', {}, LAZY);
    expect(alert).toHaveTextContent(
      'This order belongs to another center (Toronto Center, Canada).You can open the orders of Dallas Center, Texas only; ask that center, or an owner or treasurer.',
    );
    expect(alert).not.toHaveTextContent('Your role does not allow this');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    await user.click(within(alert).getByRole('link', { name: "Dallas Center, Texas's orders" }));
    expect(await screen.findByText('No orders yet.', {}, LAZY)).toBeInTheDocument();
    expect(currentPath()).toBe('/admin/orders');
  });
});
