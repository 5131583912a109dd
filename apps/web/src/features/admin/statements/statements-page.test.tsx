import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { jsonResponse } from '#src/test/render-app';
import { LAZY, openAdmin, sessionOf } from '../admin-test-helpers';

const run = (dryRun: boolean, queued: number, alreadyQueued = 0) => ({
  year: 2025,
  donors: 3,
  queued,
  alreadyQueued,
  dryRun,
});

describe('the statements page (/admin/statements)', () => {
  test('a treasurer previews a year, then sends its statements once', async () => {
    const { user, api } = await openAdmin('/admin/statements', {
      'GET /api/staff/me': () => jsonResponse(sessionOf('treasurer')),
      'POST /api/staff/statements': (request) =>
        jsonResponse((request.body as { dryRun: boolean }).dryRun ? run(true, 3) : run(false, 3)),
    });
    const year = await screen.findByLabelText('Year', {}, LAZY);
    await user.clear(year);
    await user.type(year, '2025');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText(/3 statements would be sent now/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send 3 statements' }));
    expect(await screen.findByRole('status')).toHaveTextContent('2025: 3 statements are on their way');
    expect(api.requests('POST /api/staff/statements').map((r) => r.body)).toEqual([
      { year: 2025, dryRun: true },
      { year: 2025, dryRun: false },
    ]);
  });

  test('says there is nothing to send when every statement went before', async () => {
    const { user, api } = await openAdmin('/admin/statements', {
      'GET /api/staff/me': () => jsonResponse(sessionOf('treasurer')),
      'POST /api/staff/statements': () => jsonResponse(run(true, 0, 3)),
    });
    await user.click(await screen.findByRole('button', { name: 'Preview' }, LAZY));
    expect(await screen.findByRole('status')).toHaveTextContent('3 were sent before. Nothing to send.');
    expect(screen.queryByRole('button', { name: /^Send/ })).toBeNull();
    expect(api.requests('POST /api/staff/statements')).toHaveLength(1);
  });

  test('names a year that is not one, sending nothing', async () => {
    const { user, api } = await openAdmin('/admin/statements', {
      'GET /api/staff/me': () => jsonResponse(sessionOf('owner')),
    });
    const year = await screen.findByLabelText('Year', {}, LAZY);
    await user.clear(year);
    await user.type(year, 'last');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(year).toHaveAttribute('aria-invalid', 'true');
    expect(api.requests('POST /api/staff/statements')).toEqual([]);
  });
});
