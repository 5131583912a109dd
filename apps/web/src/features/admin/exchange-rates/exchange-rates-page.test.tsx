import type { ExchangeRatesResponse } from '@store/shared/exchange-rates';
import { staffMessages } from '@store/shared/staff';
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { jsonResponse } from '#src/test/render-app';
import { LAZY, openAdmin, sessionOf } from '../admin-test-helpers';

const UPDATED = '2026-11-20T15:00:00.000Z';

function listOf(rates: ExchangeRatesResponse['rates']): ExchangeRatesResponse {
  return { homeCurrency: 'USD', currencies: ['CAD', 'GBP'], from: '2026-10-21', to: '2026-11-20', rates };
}

const feedRates = listOf([
  { day: '2026-11-20', currency: 'CAD', rate: '0.7194244604', source: 'feed', updatedAt: UPDATED },
  { day: '2026-11-19', currency: 'GBP', rate: '1.25', source: 'staff', updatedAt: UPDATED },
]);

describe('the exchange rates page (/admin/exchange-rates)', () => {
  test('a treasurer reads 31 days of rates with their source, and enters a rate for a day', async () => {
    let list = feedRates;
    const { user, api } = await openAdmin('/admin/exchange-rates', {
      'GET /api/staff/me': () => jsonResponse(sessionOf('treasurer')),
      'GET /api/staff/exchange-rates': () => jsonResponse(list),
      'PUT /api/staff/exchange-rates/2026-11-20/GBP': () => {
        const saved = {
          day: '2026-11-20',
          currency: 'GBP',
          rate: '1.2658',
          source: 'staff',
          updatedAt: UPDATED,
        } as const;
        list = listOf([...feedRates.rates, saved]);
        return jsonResponse({ ...saved, ordersFilled: 3 });
      },
    });
    const table = await screen.findByRole('table', { name: 'Exchange rates' }, LAZY);
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toHaveLength(32);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Day', 'USD per CAD', 'USD per GBP']);
    expect(rows[1]?.textContent).toBe('2026-11-200.7194244604 (feed)—');
    expect(rows[2]?.textContent).toBe('2026-11-19—1.25 (entered)');
    expect(rows[31]?.textContent).toBe('2026-10-21——');

    expect(screen.getByLabelText('Day')).toHaveValue('2026-11-20');
    await user.selectOptions(screen.getByLabelText('Currency'), 'GBP');
    await user.type(screen.getByLabelText('Rate (USD per 1 GBP)'), '1.2658');
    await user.click(screen.getByRole('button', { name: 'Save rate' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Saved: on 2026-11-20, 1 GBP = 1.2658 USD. 3 orders of that day took it.',
    );
    expect(api.requests('PUT /api/staff/exchange-rates/2026-11-20/GBP').map((r) => r.body)).toEqual([
      { rate: '1.2658' },
    ]);
    const reloaded = await screen.findByRole('table', { name: 'Exchange rates' });
    expect(await within(reloaded).findByText('1.2658 (entered)')).toBeInTheDocument();
  });

  test('a rate that is no positive decimal is refused at its field, and nothing is sent', async () => {
    const { user, api } = await openAdmin('/admin/exchange-rates', {
      'GET /api/staff/me': () => jsonResponse(sessionOf('owner')),
      'GET /api/staff/exchange-rates': () => jsonResponse(feedRates),
    });
    await user.type(await screen.findByLabelText('Rate (USD per 1 CAD)', {}, LAZY), '-0,72');
    await user.click(screen.getByRole('button', { name: 'Save rate' }));
    expect(screen.getByLabelText('Rate (USD per 1 CAD)')).toHaveAccessibleDescription(
      'Rate must be a positive number with at most 10 decimals, like 0.7215.',
    );
    expect(api.requests('PUT /api/staff/exchange-rates/2026-11-20/CAD')).toEqual([]);
  });

  test("the server's refusal of a field is said under that field", async () => {
    const { user } = await openAdmin('/admin/exchange-rates', {
      'GET /api/staff/me': () => jsonResponse(sessionOf('treasurer')),
      'GET /api/staff/exchange-rates': () => jsonResponse(feedRates),
      'PUT /api/staff/exchange-rates/2026-11-20/CAD': () =>
        jsonResponse(
          {
            error: {
              code: 'validation_error',
              message: 'A rate can be set for today or an earlier day.',
              fields: { day: 'must be today or earlier' },
            },
          },
          400,
        ),
    });
    await user.type(await screen.findByLabelText('Rate (USD per 1 CAD)', {}, LAZY), '0.72');
    await user.click(screen.getByRole('button', { name: 'Save rate' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByLabelText('Day')).toHaveAccessibleDescription('Day must be today or earlier.');
    expect(screen.queryByText(/^Saved:/)).toBeNull();
  });

  test('a volunteer has no Exchange rates page', async () => {
    await openAdmin('/admin/exchange-rates', {
      'GET /api/staff/me': () => jsonResponse(sessionOf('volunteer')),
    });
    const nav = screen.getByRole('navigation', { name: 'Back office pages' });
    expect(within(nav).queryByRole('link', { name: 'Exchange rates' })).toBeNull();
    expect(await screen.findByText(staffMessages.forbidden, {}, LAZY)).toBeInTheDocument();
  });
});
