/** Issue 22: the report shows the monthly giving summary as one compact panel, or none from an older server. */
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { jsonResponse } from '#src/test/render-app';
import { reportPage1, storeReportAuth } from '#src/test/report-fixture';
import { openReport } from './report-test-helpers';

async function openWith(monthlyGiving: unknown) {
  storeReportAuth();
  await openReport({ 'GET /api/report-data': () => jsonResponse({ ...reportPage1, monthlyGiving }) });
  await screen.findByRole('button', { name: 'Logout' }, { timeout: 5000 });
}

describe('the report’s monthly giving panel', () => {
  test('says how many gifts are active, paused and cancelled, what they bring a month, and the declines', async () => {
    await openWith({
      active: 12,
      paused: 2,
      cancelled: 1,
      monthlyRecurring: 640,
      failedCharges: 3,
      pausedForDeclines: 1,
    });
    const panel = screen.getByRole('region', { name: 'Monthly giving' });
    const [line, declined] = within(panel).getAllByRole('paragraph');
    expect(line).toHaveTextContent(
      'Monthly giving: 12 active · 2 paused · 1 cancelled · $640.00 a month · 3 declined charges in 30 days',
    );
    expect(declined).toHaveTextContent(
      '1 gift paused after every retry was declined: the donor needs to update the card.',
    );
  });

  test('says when there are no monthly gifts, and has no declined line', async () => {
    await openWith({ active: 0, paused: 0, cancelled: 0, monthlyRecurring: 0, failedCharges: 0, pausedForDeclines: 0 });
    const panel = screen.getByRole('region', { name: 'Monthly giving' });
    expect(panel).toHaveTextContent('Monthly giving: no monthly gifts yet.');
    expect(within(panel).getAllByRole('paragraph')).toHaveLength(1);
  });

  test('shows no panel for a server from before monthly giving', async () => {
    await openWith(undefined);
    expect(screen.getByText('3 donations, $1,289.50')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Monthly giving' })).toBeNull();
  });
});
