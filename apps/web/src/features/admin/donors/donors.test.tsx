import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { currentPath, jsonResponse } from '#src/test/render-app';
import { cardOrder, LAZY, openAdmin, sessionOf } from '../admin-test-helpers';
import { ADMIN_PAGES } from '../shell/admin-pages';
import type { DonorDetail } from './donors-api';

const { products, refunds, correctedReceiptNumber, ...gift } = cardOrder();
const ravi: DonorDetail = {
  email: 'ravi.kumar@example.org',
  name: 'Ravi Kumar',
  giftCount: 1,
  totalCents: 10_000,
  lastGiftAt: '2026-11-20T15:30:00.000Z',
  aliases: [],
  totalsByYear: [{ year: 2026, currency: 'USD', totalCents: 10_000, deductibleCents: 10_000 }],
  gifts: [gift],
  registrations: [{ id: 'reg-1', createdAt: '2026-10-01T12:00:00.000Z', people: 3 }],
  monthlyGifts: [
    {
      id: 'gift-1',
      status: 'paused',
      pausedReason: 'card_declined',
      amount: 51,
      itemName: 'General Donation',
      centerId: 1,
      centerName: 'Bay Area Center, California',
      firstName: 'Ravi',
      lastName: 'Kumar',
      email: 'ravi.kumar@example.org',
      billingDay: 15,
      nextChargeOn: null,
      failedAttempts: 3,
      lastChargeAt: '2026-10-15T15:00:00.000Z',
      createdAt: '2026-09-15T15:00:00.000Z',
      hasDonorPage: true,
    },
  ],
};
const { totalsByYear, gifts, registrations, monthlyGifts, ...summary } = ravi;

describe('donors (/admin/donors)', () => {
  test('a donor in the list opens their page, with totals by year, gifts and registrations', async () => {
    const { user, api } = await openAdmin('/admin/donors?q=ravi', {
      'GET /api/staff/me': () => jsonResponse(sessionOf('treasurer')),
      'GET /api/staff/donors': () => jsonResponse({ donors: [summary], nextCursor: null }),
      'GET /api/staff/donors/ravi.kumar%40example.org': () => jsonResponse(ravi),
    });
    const table = await screen.findByRole('table', { name: 'Donors' }, LAZY);
    expect(api.requests('GET /api/staff/donors')[0]?.url.search).toBe('?q=ravi');
    await ADMIN_PAGES.DonorDetailPage.preload();
    await user.click(within(table).getByRole('link', { name: 'Ravi Kumar' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Ravi Kumar' }, LAZY)).toBeInTheDocument();
    expect(currentPath()).toBe('/admin/donors/ravi.kumar%40example.org');
    const years = screen.getByRole('table', { name: 'Totals by year' });
    expect(within(years).getByRole('rowheader', { name: '2026' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Gifts' })).toHaveTextContent('2026-000042');
    // Issue 22: the donor's monthly gifts, a declined one standing out.
    const monthly = screen.getByRole('table', { name: 'Monthly gifts' });
    expect(within(monthly).getByRole('rowheader', { name: 'General Donation' }).closest('tr')).toHaveTextContent(
      /\$51\.00.*Paused: card declined.*the 15th of each month/,
    );
    expect(
      within(screen.getByRole('table', { name: 'Registrations' }))
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual([expect.stringMatching(/2026/), '3']);
  });

  test('merging another record in: checked, confirmed, then the merged record is shown', async () => {
    const merged: DonorDetail = { ...ravi, aliases: ['ravi@old.example.org'], giftCount: 2, totalCents: 15_000 };
    const { user, api } = await openAdmin('/admin/donors/ravi.kumar%40example.org', {
      'GET /api/staff/me': () => jsonResponse(sessionOf('owner')),
      'GET /api/staff/donors/ravi.kumar%40example.org': () => jsonResponse(ravi),
      'POST /api/staff/donors/merge': () => jsonResponse(merged),
    });
    const panel = await screen.findByRole('region', { name: 'Merge another record into this one' }, LAZY);
    const from = within(panel).getByLabelText('E-mail of the record to merge in');
    await user.type(from, 'ravi.kumar@example.org');
    await user.click(within(panel).getByRole('button', { name: 'Review merge' }));
    expect(within(panel).getByText("That is this donor's own address: enter the other record's.")).toBeInTheDocument();

    await user.clear(from);
    await user.type(from, 'ravi@old.example.org');
    await user.click(within(panel).getByRole('button', { name: 'Review merge' }));
    const confirm = within(panel).getByRole('group', { name: 'Confirm the merge' });
    expect(confirm).toHaveTextContent('Merge record ravi@old.example.org into ravi.kumar@example.org?');
    await user.click(within(confirm).getByRole('button', { name: 'Merge' }));

    expect(await within(panel).findByRole('status')).toHaveTextContent(
      'ravi@old.example.org is merged into this record.',
    );
    expect(screen.getByText('ravi@old.example.org', { selector: 'dd' })).toBeInTheDocument();
    expect(api.requests('POST /api/staff/donors/merge').map((r) => r.body)).toEqual([
      { from: 'ravi@old.example.org', into: 'ravi.kumar@example.org' },
    ]);
  });
});
