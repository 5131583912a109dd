import type { GiftAidClaim } from '@store/shared/gift-aid-claim';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { jsonResponse } from '#src/test/render-app';
import { LAZY, openAdmin, sessionOf } from '../admin-test-helpers';

const row = (orderId: string, firstName: string, amountPence: number, donationDate: string) => ({
  orderId,
  receiptNumber: `UK-${orderId}`,
  firstName,
  lastName: 'Shah',
  house: '12',
  postcode: 'SW1A 1AA',
  donationDate,
  amountPence,
});

const claimOf = (quarter: string): GiftAidClaim =>
  quarter === '2026-Q4'
    ? {
        quarter,
        test: false,
        donations: 2,
        totalPence: 15_000,
        claimablePence: 3_750,
        rows: [row('a', 'Priya', 5_000, '2026-10-01'), row('b', 'Anil', 10_000, '2026-11-02')],
        attention: [
          {
            ...row('c', 'Meena', 2_000, '2026-11-10'),
            problems: ['House name or number is 51 characters; HMRC takes at most 40'],
          },
        ],
      }
    : { quarter, test: false, donations: 0, totalPence: 0, claimablePence: 0, rows: [], attention: [] };

describe('the Gift Aid claim page (/admin/gift-aid)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  test("a treasurer sees this quarter's claim, its rows and what needs attention, and picks another quarter", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-28T12:00:00Z') });
    const { user, api } = await openAdmin('/admin/gift-aid', {
      'GET /api/staff/me': () => jsonResponse(sessionOf('treasurer')),
      'GET /api/staff/gift-aid/claim': (request) =>
        jsonResponse(claimOf(request.url.searchParams.get('quarter') ?? '')),
    });
    const select = await screen.findByLabelText('Quarter', {}, LAZY);
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['2026-Q4', '2026-Q3', '2026-Q2', '2026-Q1', '2025-Q4', '2025-Q3', '2025-Q2', '2025-Q1']);
    const figures = await screen.findByLabelText('Claim for 2026-Q4');
    expect(figures).toHaveTextContent('Donations2Total£150.00Gift Aid to claim (25%)£37.50');
    const table = screen.getByRole('table', { name: 'Donations claimed for 2026-Q4' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) =>
          within(r)
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        ),
    ).toEqual([
      ['12', 'SW1A 1AA', '2026-10-01', '£50.00'],
      ['12', 'SW1A 1AA', '2026-11-02', '£100.00'],
    ]);
    const attention = screen.getByRole('region', { name: 'Needs attention' });
    expect(within(attention).getByRole('listitem')).toHaveTextContent(
      'Meena Shah, £20.00 on 2026-11-10 (receipt UK-c): House name or number is 51 characters; HMRC takes at most 40.',
    );
    expect(screen.getByRole('link', { name: 'Download the claim (CSV)' })).toHaveAttribute(
      'href',
      '/api/staff/gift-aid/claim.csv?quarter=2026-Q4',
    );

    await user.selectOptions(select, '2025-Q1');
    expect(await screen.findByText('No donations to claim for 2025-Q1.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('link', { name: 'Download the claim (CSV)' })).toHaveAttribute(
      'href',
      '/api/staff/gift-aid/claim.csv?quarter=2025-Q1',
    );
    expect(api.requests('GET /api/staff/gift-aid/claim').map((r) => r.url.searchParams.get('quarter'))).toEqual([
      '2026-Q4',
      '2025-Q1',
    ]);
  });
});
