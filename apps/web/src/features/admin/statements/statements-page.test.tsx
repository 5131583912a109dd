import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { jsonResponse } from '#src/test/render-app';
import { LAZY, openAdmin, sessionOf } from '../admin-test-helpers';

const run = (dryRun: boolean, queued: number, alreadyQueued = 0, overrides = {}) => ({
  year: 2025,
  donors: 3,
  queued,
  alreadyQueued,
  dryRun,
  yearOpen: false,
  timeZone: 'America/Chicago',
  recipients: [],
  exclusions: [],
  ...overrides,
});

const recipients = [
  {
    email: 'arjun@example.org',
    name: 'Arjun Rao',
    gifts: 1,
    totalCents: 2_500,
    deductibleCents: 2_500,
    alreadyQueued: false,
  },
  {
    email: 'meera@example.org',
    name: 'Meera Rao',
    gifts: 2,
    totalCents: 15_000,
    deductibleCents: 14_000,
    alreadyQueued: false,
  },
  {
    email: 'ravi@example.org',
    name: 'Ravi Kumar',
    gifts: 1,
    totalCents: 1_000,
    deductibleCents: 1_000,
    alreadyQueued: false,
  },
];

describe('the statements page (/admin/statements)', () => {
  test('a treasurer previews a year (who gets what, what is left out, a sample PDF each), then sends once', async () => {
    const { user, api } = await openAdmin('/admin/statements', {
      'GET /api/staff/me': () => jsonResponse(sessionOf('treasurer')),
      'POST /api/staff/statements': (request) =>
        jsonResponse(
          (request.body as { dryRun: boolean }).dryRun
            ? run(true, 3, 0, {
                recipients,
                exclusions: [
                  { reason: 'test', gifts: 2, donorsWithout: 1 },
                  { reason: 'refunded', gifts: 1, donorsWithout: 0 },
                ],
              })
            : run(false, 3),
        ),
    });
    const year = await screen.findByLabelText('Year', {}, LAZY);
    await user.clear(year);
    await user.type(year, '2025');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(
      await screen.findByText('2025: 3 donors get a statement; 3 statements would be sent now, 0 were sent before.'),
    ).toBeInTheDocument();
    const leftOut = screen.getByRole('region', { name: 'Left out' });
    expect(
      within(leftOut)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '2 test orders are left out: test payments move no money. 1 donor made only test orders and gets no statement.',
      '1 gift refunded in full or voided is left out: nothing of it was given.',
    ]);
    const table = screen.getByRole('table', { name: 'Donors who get a 2025 statement' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['1', '$25.00', '$25.00', 'Sample PDF'],
      ['2', '$150.00', '$140.00', 'Sample PDF'],
      ['1', '$10.00', '$10.00', 'Sample PDF'],
    ]);
    expect(screen.getByRole('link', { name: 'Sample PDF for Meera Rao' })).toHaveAttribute(
      'href',
      '/api/staff/statements/2025/sample.pdf?email=meera%40example.org',
    );
    await user.click(screen.getByRole('button', { name: 'Send 3 statements' }));
    expect(await screen.findByRole('status')).toHaveTextContent('2025: 3 statements are on their way');
    expect(api.requests('POST /api/staff/statements').map((r) => r.body)).toEqual([
      { year: 2025, dryRun: true },
      { year: 2025, dryRun: false },
    ]);
  });

  test("a donor who gave to two entities has a row per entity's statement, each in its currency with its own sample", async () => {
    const us = { key: 'us', issuer: 'Sri Datta Vani Foundation, Inc.', currency: 'USD' };
    const canada = { key: 'ca', issuer: 'Sri Datta Vani Foundation of Canada', currency: 'CAD' };
    const priya = { email: 'priya@example.org', name: 'Priya Menon', gifts: 1, alreadyQueued: false };
    const { user } = await openAdmin('/admin/statements', {
      'GET /api/staff/me': () => jsonResponse(sessionOf('treasurer')),
      'POST /api/staff/statements': () =>
        jsonResponse(
          run(true, 2, 0, {
            donors: 1,
            recipients: [
              { ...priya, from: us, totalCents: 4_000, deductibleCents: 4_000 },
              { ...priya, from: canada, totalCents: 5_100, deductibleCents: 5_100, alreadyQueued: true },
            ],
          }),
        ),
    });
    await user.click(await screen.findByRole('button', { name: 'Preview' }, LAZY));
    const table = await screen.findByRole('table', { name: 'Donors who get a 2025 statement' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Donor', 'From', 'Gifts', 'Total given', 'Deductible', 'Statement']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Sri Datta Vani Foundation, Inc. (USD)', '1', '$40.00', '$40.00', 'Sample PDF'],
      ['Sri Datta Vani Foundation of Canada (CAD)', '1', 'CA$51.00', 'CA$51.00', 'Sample PDF Sent before'],
    ]);
    expect(
      screen.getByRole('link', { name: 'Sample PDF for Priya Menon from Sri Datta Vani Foundation of Canada' }),
    ).toHaveAttribute('href', '/api/staff/statements/2025/sample.pdf?email=priya%40example.org&entity=ca');
    // One donor, listed whole: no "first N of M" line.
    expect(screen.queryByText(/^The first/)).toBeNull();
  });

  test('a year that has not ended is sent only through a confirmation that names what is lost', async () => {
    const { user, api } = await openAdmin('/admin/statements', {
      'GET /api/staff/me': () => jsonResponse(sessionOf('treasurer')),
      'POST /api/staff/statements': (request) => {
        const body = request.body as { dryRun: boolean; year: number };
        return jsonResponse(
          body.dryRun
            ? run(true, 2, 0, { year: body.year, donors: 2, yearOpen: true, recipients: recipients.slice(0, 1) })
            : run(false, 2, 0, { year: body.year, donors: 2, yearOpen: true }),
        );
      },
    });
    const year = await screen.findByLabelText('Year', {}, LAZY);
    await user.clear(year);
    await user.type(year, '2026');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(
      await screen.findByText(/it ends when December 31 ends, America\/Chicago time\. Each donor gets one statement/),
    ).toHaveTextContent(
      '2026 has not ended yet: it ends when December 31 ends, America/Chicago time. Each donor gets one statement per year, so the gifts they make between now and the end of 2026 will never be on a statement.',
    );
    expect(
      screen.getByText('2026: 2 donors get a statement; 2 statements would be sent now, 0 were sent before.'),
    ).toBeInTheDocument();
    // A long list is cut, and says so.
    expect(
      screen.getByText('The first 1 of 2 donors, by name: every one of them gets a statement.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send 2 statements before 2026 ends' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      '2026: 2 statements are on their way; 0 had been sent before.',
    );
    expect(api.requests('POST /api/staff/statements').map((r) => r.body)).toEqual([
      { year: 2026, dryRun: true },
      { year: 2026, dryRun: false, confirmOpenYear: true },
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

describe("the statements page's default year", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  test("is last year at the foundation: on New Year's Eve in Chicago, already January in UTC, it is two years back", async () => {
    // 9 PM on December 31, 2026 in Chicago; the browser (UTC here) is in 2027 already.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2027-01-01T03:00:00Z') });
    await openAdmin('/admin/statements', { 'GET /api/staff/me': () => jsonResponse(sessionOf('treasurer')) });
    expect(await screen.findByLabelText('Year', {}, LAZY)).toHaveValue('2025');
  });
});
