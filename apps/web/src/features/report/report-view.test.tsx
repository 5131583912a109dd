import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { deferred } from '#src/test/checkout-doubles';
import { jsonResponse } from '#src/test/render-app';
import {
  adminAuthorization,
  emptyReport,
  reportPage1,
  reportPage2,
  storedReportAuth,
  storeReportAuth,
  unauthorized,
} from '#src/test/report-fixture';
import { openReport } from './report-test-helpers';

const FAILED = 'Invalid credentials or server error.';

/** Opens the report already logged in (credentials stored, as after a reload). */
async function openLoggedIn(handlers: Parameters<typeof openReport>[0] = {}) {
  storeReportAuth();
  const opened = await openReport({ 'GET /api/report-data': () => jsonResponse(reportPage1), ...handlers });
  // While the stored credentials are checked the heading is already there: wait for the report itself.
  await screen.findByRole('button', { name: 'Logout' }, { timeout: 5000 });
  return opened;
}

const reportSearches = (api: Awaited<ReturnType<typeof openReport>>['api']) =>
  api.requests('GET /api/report-data').map((r) => r.url.search);

describe('the report (/report, logged in)', () => {
  test('shows the totals, the chart, the breakdown per center and the registrations', async () => {
    await openLoggedIn();
    expect(screen.getByText('3 donations, $1,289.50')).toBeInTheDocument();

    // The first render loads Chart.js's chunk, which can take a while on a loaded machine.
    const chart = await screen.findByRole('img', { name: /^Donations per day/ }, { timeout: 10_000 });
    expect(chart.tagName).toBe('CANVAS');
    expect(chart).toHaveAccessibleName(
      'Donations per day, Mar 1, 2026 to Mar 5, 2026: 3 donations, $1,289.50 in all; most on Mar 3, 2026 ($1,234.50).',
    );
    const perDay = screen.getByRole('table', { name: 'Donations per day' });
    expect(within(perDay).getAllByRole('row')).toHaveLength(4);

    const perCenter = screen.getByRole('table', { name: 'Donations per center' });
    const houston = within(perCenter).getByRole('rowheader', { name: 'Houston Center, Texas' }).closest('tr');
    expect(houston).toHaveTextContent('Houston Center, Texas1$1,234.5096%');

    const hosts = screen.getByRole('table', { name: 'Event Registrations' });
    expect(
      within(hosts)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Registration',
      'Date',
      'Name',
      'Email',
      'Age',
      'Gender',
      'Category',
      'Phone',
      'Parents',
      'Location',
      'Session',
      'Status',
      'Ticket',
    ]);
    const [, minor, adult] = within(hosts).getAllByRole('row');
    expect(minor).toHaveTextContent('BGM-000001');
    expect(within(minor as HTMLElement).getAllByRole('cell')[6]).toHaveTextContent('—');
    expect(adult).toHaveTextContent('Fluent Reading');
    // The person's session and live ticket; one registered before sessions shows a dash.
    const adultCells = within(adult as HTMLElement).getAllByRole('cell');
    expect(adultCells.slice(-3).map((cell) => cell.textContent)).toEqual([
      'Dallas Center, Texas · Datta Auditorium · 2027-05-15 09:00',
      'registered',
      '6f1c2b7e-3d4a-4b8e-9c1d-2e3f4a5b6c7d',
    ]);
    expect(
      within(minor as HTMLElement)
        .getAllByRole('cell')
        .at(-3),
    ).toHaveTextContent('—');
    // Wide tables scroll inside a focusable box, not the page.
    expect(screen.getByRole('region', { name: 'Donor Details table' })).toHaveAttribute('tabindex', '0');
  });

  test("shows every date and time in the foundation's zone, and says which", async () => {
    await openLoggedIn();
    // The server's zone, whatever the browser's: 20:30 UTC on Mar 5 is 2:30 PM in Chicago (CST).
    expect(screen.getByText("Dates and times in America/Chicago (CST), the foundation's time zone.")).toBeVisible();
    const donors = screen.getByRole('table', { name: 'Donor Details' });
    const asha = within(donors).getByRole('row', { name: /Asha Rao/ });
    expect(within(asha).getByText(/Mar 5, 2026/)).toHaveTextContent(/^Mar 5, 2026,? (at )?2:30\sPM$/);
    const hosts = screen.getByRole('table', { name: 'Event Registrations' });
    const sita = within(hosts).getByRole('row', { name: /Sita Devi/ });
    expect(within(sita).getByText(/Mar 1, 2026/)).toHaveTextContent(/^Mar 1, 2026,? (at )?11:00\sAM$/);
  });

  test('empty states for donors and registrations', async () => {
    await openLoggedIn({ 'GET /api/report-data': () => jsonResponse(emptyReport) });
    expect(screen.getByText('0 donations, $0.00')).toBeInTheDocument();
    expect(screen.queryByText(/Year-end statements/)).toBeNull();
    expect(screen.getByText('No donations yet.')).toBeInTheDocument();
    expect(screen.getByText('No registrations yet.')).toBeInTheDocument();
    expect(screen.queryByText(/No matches/)).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('img', { name: /Donations per day/ })).toBeNull();
    // Nothing to page through: no pager of two disabled buttons.
    expect(screen.queryByRole('navigation', { name: 'Donor pages' })).toBeNull();
  });

  test("a search that finds nothing says 'No matches', not that the lists are empty", async () => {
    const { user } = await openLoggedIn({
      'GET /api/report-data': ({ url }) => jsonResponse(url.searchParams.has('q') ? emptyReport : reportPage1),
    });
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'nobody');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('No matches. No donations match these filters.')).toBeInTheDocument();
    expect(screen.getByText('No matches. No registrations match these filters.')).toBeInTheDocument();
    expect(screen.queryByText('No registrations yet.')).toBeNull();
    expect(screen.queryByText('No donations yet.')).toBeNull();
  });

  test('Apply sends the filters in the query string; Clear removes them', async () => {
    const { user, api } = await openLoggedIn();
    const center = screen.getByLabelText('Center');
    expect(within(center).getAllByRole('option')[0]).toHaveTextContent('All centers');
    await screen.findByRole('option', { name: 'Dallas Center, Texas' });

    await user.type(screen.getByLabelText('From date'), '2026-03-01');
    await user.type(screen.getByLabelText('To date'), '2026-03-31');
    await user.selectOptions(center, 'Dallas Center, Texas');
    const search = screen.getByRole('searchbox', { name: 'Search' });
    expect(search).toHaveAttribute('placeholder', 'Name, email or transaction ID');
    await user.type(search, '  Asha Rao ');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(reportSearches(api)).toHaveLength(2));
    expect(reportSearches(api)[1]).toBe('?from=2026-03-01&to=2026-03-31&center=2&q=Asha+Rao&limit=50');
    expect(api.requests('GET /api/report-data')[1]?.headers.get('Authorization')).toBe(adminAuthorization);
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());

    // Apply again with the same filters asks again (a refresh).
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(reportSearches(api)).toHaveLength(3));
    expect(reportSearches(api)[2]).toBe(reportSearches(api)[1]);

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(reportSearches(api)).toHaveLength(4));
    expect(reportSearches(api)[3]).toBe('?limit=50');
    expect(screen.getByLabelText('From date')).toHaveValue('');
    expect(search).toHaveValue('');
    expect(center).toHaveValue('');
  });

  test('a From date after the To date is refused before any call', async () => {
    const { user, api } = await openLoggedIn();
    await user.type(screen.getByLabelText('From date'), '2026-04-01');
    await user.type(screen.getByLabelText('To date'), '2026-03-01');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByLabelText('From date')).toHaveAccessibleDescription('From date must not be after To date.');
    expect(reportSearches(api)).toHaveLength(1);
  });

  test('Older follows nextCursor, Newer goes back; Older is disabled on the last page', async () => {
    const page2 = deferred<Response>();
    const { user, api } = await openLoggedIn({
      'GET /api/report-data': ({ url }) =>
        url.searchParams.get('cursor') === reportPage1.nextCursor ? page2.promise : jsonResponse(reportPage1),
    });
    expect(screen.getByText('Page 1')).toBeInTheDocument();
    expect(screen.getByText('Rows 1–2 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Older' }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading report…');
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
    await act(async () => page2.resolve(jsonResponse(reportPage2)));
    expect(await screen.findByText('Meera Shah')).toBeInTheDocument();
    expect(screen.queryByText('Asha Rao')).toBeNull();
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    expect(screen.getByText('Rows 3–3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
    expect(reportSearches(api)[1]).toBe(`?cursor=${reportPage1.nextCursor}&limit=50`);

    await user.click(screen.getByRole('button', { name: 'Newer' }));
    expect(await screen.findByText('Asha Rao')).toBeInTheDocument();
    expect(screen.getByText('Page 1')).toBeInTheDocument();
    expect(reportSearches(api)[2]).toBe('?limit=50');
  });

  test('Download CSV fetches the .csv with the same filters and Authorization, and saves it', async () => {
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:report-1');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicks: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ href: this.href, download: this.download });
    });
    const csv = 'Name,Email\r\nAsha Rao,asha@example.org\r\n';
    let disposition: string | null = 'attachment; filename="payment-report-2026-03-01-to-2026-03-31.csv"';
    const { user, api } = await openLoggedIn({
      'GET /api/report-data.csv': () =>
        new Response(csv, {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            ...(disposition && { 'Content-Disposition': disposition }),
          },
        }),
    });
    await user.type(screen.getByLabelText('From date'), '2026-03-01');
    await user.type(screen.getByLabelText('To date'), '2026-03-31');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'asha');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    const [request] = api.requests('GET /api/report-data.csv');
    expect(request?.url.search).toBe('?from=2026-03-01&to=2026-03-31&q=asha');
    expect(request?.headers.get('Authorization')).toBe(adminAuthorization);
    expect(request?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(clicks[0]).toEqual({ href: 'blob:report-1', download: 'payment-report-2026-03-01-to-2026-03-31.csv' });
    const blob = createObjectURL.mock.calls[0]?.[0];
    // The Blob is the fetch implementation's (Node's), not jsdom's, so no instanceof here.
    expect(await (blob as Blob).text()).toBe(csv);
    expect(document.querySelector('a[download]')).toBeNull();

    disposition = null;
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(clicks).toHaveLength(2));
    expect(clicks[1]?.download).toBe('payment-report.csv');
  });

  test('says how the year-end statements stand, newest year first', async () => {
    await openLoggedIn();
    expect(screen.getByText('Year-end statements: 2026: 120 sent, 3 waiting; 2025: 98 sent')).toBeInTheDocument();
  });

  test("a row's PDF fetches its receipt with the report's Authorization and saves it", async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:receipt-1');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicks: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ href: this.href, download: this.download });
    });
    const { user, api } = await openLoggedIn({
      'GET /api/report/receipts/0b6f3c1e-2a4d-4c8e-9f10-7a5b3c2d1e01.pdf': () =>
        new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } }),
    });
    const donors = screen.getByRole('table', { name: 'Donor Details' });
    await user.click(within(donors).getByRole('button', { name: 'Download receipt 2026-000123 (PDF)' }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    const [request] = api.requests('GET /api/report/receipts/0b6f3c1e-2a4d-4c8e-9f10-7a5b3c2d1e01.pdf');
    expect(request?.headers.get('Authorization')).toBe(adminAuthorization);
    expect(request?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    // No name from the server: the receipt's number names the file.
    expect(clicks[0]).toEqual({ href: 'blob:receipt-1', download: 'receipt-2026-000123.pdf' });
  });

  test('a CSV that fails (not 401) says so and stays logged in', async () => {
    const { user } = await openLoggedIn({
      'GET /api/report-data.csv': () =>
        jsonResponse({ error: { code: 'rate_limited', message: 'Too many requests. Try again in 30 seconds.' } }, 429),
    });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not download the CSV. Too many requests. Try again in 30 seconds.',
    );
    expect(storedReportAuth()).not.toBeNull();
  });

  test.each([
    ['a page', 'Older'],
    ['the CSV', 'Download CSV'],
    ['a receipt', 'Download receipt 2026-000123 (PDF)'],
  ])('a 401 while loading %s logs out with the message and clears storage', async (_what, button) => {
    const { user } = await openLoggedIn({
      'GET /api/report-data': ({ url }) =>
        url.searchParams.has('cursor') ? jsonResponse(unauthorized, 401) : jsonResponse(reportPage1),
      'GET /api/report-data.csv': () => jsonResponse(unauthorized, 401),
      'GET /api/report/receipts/0b6f3c1e-2a4d-4c8e-9f10-7a5b3c2d1e01.pdf': () => jsonResponse(unauthorized, 401),
    });
    await user.click(screen.getByRole('button', { name: button }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Report Login' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(FAILED);
    expect(storedReportAuth()).toBeNull();
  });

  test('another failure while browsing shows an error with Retry, still logged in', async () => {
    let fail = true;
    const { user } = await openLoggedIn({
      'GET /api/report-data': ({ url }) =>
        url.searchParams.has('q') && fail
          ? jsonResponse({ error: { code: 'internal', message: 'Something went wrong on our end.' } }, 500)
          : jsonResponse(reportPage2),
    });
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'meera');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load the report. Something went wrong on our end.',
    );
    expect(screen.queryByRole('table', { name: 'Donor Details' })).toBeNull();
    expect(storedReportAuth()).not.toBeNull();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Meera Shah')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
