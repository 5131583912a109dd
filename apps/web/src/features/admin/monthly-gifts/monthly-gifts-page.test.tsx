/** Issue 22: /admin/monthly-gifts: the summary, the gifts with their status, filters, search, paging, links to donors. */
import type { StaffMonthlyGift, StaffMonthlyGiftPage } from '@store/shared/staff-monthly-gifts';
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { currentPath, jsonResponse } from '#src/test/render-app';
import { LAZY, openAdmin, sessionOf } from '../admin-test-helpers';
import { ADMIN_PAGES } from '../shell/admin-pages';

function gift(overrides: Partial<StaffMonthlyGift> = {}): StaffMonthlyGift {
  return {
    id: 'gift-1',
    status: 'active',
    pausedReason: null,
    amount: 51,
    itemName: 'General Donation',
    centerId: 1,
    centerName: 'Bay Area Center, California',
    firstName: 'Asha',
    lastName: 'Rao',
    email: 'asha@example.org',
    billingDay: 15,
    nextChargeOn: '2026-12-15',
    failedAttempts: 0,
    lastChargeAt: '2026-11-15T15:00:00.000Z',
    createdAt: '2026-09-15T15:00:00.000Z',
    hasDonorPage: true,
    ...overrides,
  };
}

const summary = { active: 12, paused: 2, cancelled: 1, monthlyRecurring: 640, failedCharges: 3, pausedForDeclines: 1 };
const declined = gift({
  id: 'gift-2',
  status: 'paused',
  pausedReason: 'card_declined',
  firstName: 'Bob',
  lastName: 'Declined',
  email: 'bob@example.org',
  nextChargeOn: null,
  failedAttempts: 3,
  hasDonorPage: false,
});
const page = (gifts: StaffMonthlyGift[], nextCursor: string | null = null): StaffMonthlyGiftPage => ({
  summary,
  gifts,
  nextCursor,
});

describe('monthly gifts (/admin/monthly-gifts)', () => {
  test('shows the summary, each gift with its status and next charge, and links donors to their page', async () => {
    const { user } = await openAdmin('/admin/monthly-gifts', {
      'GET /api/staff/me': () => jsonResponse(sessionOf('treasurer')),
      'GET /api/staff/monthly-gifts': () => jsonResponse(page([gift(), declined])),
    });
    const table = await screen.findByRole('table', { name: 'Monthly gifts' }, LAZY);
    expect(screen.getByRole('region', { name: 'Monthly giving' })).toHaveTextContent(
      'Monthly giving: 12 active · 2 paused · 1 cancelled · $640.00 a month · 3 declined charges in 30 days',
    );
    const [, asha, bob] = within(table).getAllByRole('row');
    expect(asha).toHaveTextContent('Asha Rao');
    expect(asha).toHaveTextContent('$51.00');
    expect(asha).toHaveTextContent('Active');
    expect(asha).toHaveTextContent('the 15th of each month');
    expect(bob).toHaveTextContent('Paused: card declined');
    // Bob's first month was never paid: no donor page to open.
    expect(within(bob as HTMLElement).queryByRole('link')).toBeNull();
    await ADMIN_PAGES.DonorDetailPage.preload();
    await user.click(within(asha as HTMLElement).getByRole('link', { name: 'Asha Rao' }));
    expect(currentPath()).toBe('/admin/donors/asha%40example.org');
  });

  /*
   * The status and the search live in the URL (the list comes back as it was after opening a donor):
   * these tests open the page with them. Changing the URL in jsdom suspends the top bar's bucket
   * (see orders-page.test.tsx); the buttons were checked in Chromium (the screenshots).
   */
  test('asks for the status and search of the URL, and shows which status is chosen', async () => {
    const { api } = await openAdmin('/admin/monthly-gifts?status=paused&q=bob', {
      'GET /api/staff/me': () => jsonResponse(sessionOf('owner')),
      'GET /api/staff/monthly-gifts': () => jsonResponse(page([declined])),
    });
    await screen.findByRole('table', { name: 'Monthly gifts' }, LAZY);
    expect(api.requests('GET /api/staff/monthly-gifts').map((r) => r.url.search)).toEqual(['?status=paused&q=bob']);
    const status = screen.getByRole('group', { name: 'Status' });
    expect(
      within(status)
        .getAllByRole('button')
        .map((button) => [button.textContent, button.getAttribute('aria-pressed')]),
    ).toEqual([
      ['All', 'false'],
      ['Active', 'false'],
      ['Paused', 'true'],
      ['Cancelled', 'false'],
    ]);
    expect(screen.getByLabelText('Search by name or e-mail')).toHaveValue('bob');
  });

  test('ignores a status it does not know (a hand-edited URL) and lists all', async () => {
    const { api } = await openAdmin('/admin/monthly-gifts?status=starting', {
      'GET /api/staff/me': () => jsonResponse(sessionOf('owner')),
      'GET /api/staff/monthly-gifts': () => jsonResponse(page([gift()])),
    });
    await screen.findByRole('table', { name: 'Monthly gifts' }, LAZY);
    expect(api.requests('GET /api/staff/monthly-gifts').map((r) => r.url.search)).toEqual(['']);
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
  });

  test('says so when nothing matches', async () => {
    const { api } = await openAdmin('/admin/monthly-gifts?q=nobody', {
      'GET /api/staff/me': () => jsonResponse(sessionOf('treasurer')),
      'GET /api/staff/monthly-gifts': () => jsonResponse(page([])),
    });
    expect(await screen.findByText('No monthly gifts match. Try All, or another search.', {}, LAZY)).toBeVisible();
    expect(api.requests('GET /api/staff/monthly-gifts')).toHaveLength(1);
  });

  test('follows nextCursor with Load more', async () => {
    const { user, api } = await openAdmin('/admin/monthly-gifts', {
      'GET /api/staff/me': () => jsonResponse(sessionOf('treasurer')),
      'GET /api/staff/monthly-gifts': (request) =>
        jsonResponse(request.url.searchParams.get('cursor') ? page([declined]) : page([gift()], 'next-1')),
    });
    await screen.findByRole('table', { name: 'Monthly gifts' }, LAZY);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Bob Declined')).toBeInTheDocument();
    expect(screen.getByText('Asha Rao')).toBeInTheDocument();
    expect(api.requests('GET /api/staff/monthly-gifts').at(-1)?.url.search).toBe('?cursor=next-1');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  test('a volunteer sees names without links (donor pages are for owners and treasurers), an empty list says so', async () => {
    await openAdmin('/admin/monthly-gifts', {
      'GET /api/staff/me': () => jsonResponse(sessionOf('volunteer')),
      'GET /api/staff/monthly-gifts': () =>
        jsonResponse({
          summary: { active: 0, paused: 0, cancelled: 0, monthlyRecurring: 0, failedCharges: 0, pausedForDeclines: 0 },
          gifts: [],
          nextCursor: null,
        }),
    });
    expect(
      await screen.findByText(
        'No monthly gifts yet. They appear here once a donor gives monthly at checkout.',
        {},
        LAZY,
      ),
    ).toBeVisible();
    expect(screen.getByRole('region', { name: 'Monthly giving' })).toHaveTextContent('no monthly gifts yet');
    expect(screen.getByText('Showing Dallas Center, Texas only.')).toBeVisible();
  });

  test('an editor may not open the page', async () => {
    const { api } = await openAdmin('/admin/monthly-gifts', {
      'GET /api/staff/me': () => jsonResponse(sessionOf('editor')),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your role does not allow this.');
    expect(api.requests('GET /api/staff/monthly-gifts')).toHaveLength(0);
  });
});
