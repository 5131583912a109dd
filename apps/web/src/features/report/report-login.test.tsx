import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { deferred } from '#src/test/checkout-doubles';
import { jsonResponse } from '#src/test/render-app';
import {
  adminAuthorization,
  adminCredentials,
  reportPage1,
  storedReportAuth,
  storeReportAuth,
  unauthorized,
} from '#src/test/report-fixture';
import { logIn, openReport } from './report-test-helpers';

const FAILED = 'Invalid credentials or server error.';
const report = () => jsonResponse(reportPage1);

describe('report login (/report)', () => {
  test('shows the login form; both fields are required and nothing is sent without them', async () => {
    const { user, api } = await openReport({ 'GET /api/report-data': report });
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Report Login' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Payment Report Login · Online Store'));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');

    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Username and password are required.');
    await user.type(screen.getByLabelText('Username'), 'treasurer');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Username and password are required.');
    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Username and password are required.');
    expect(api.requests('GET /api/report-data')).toHaveLength(0);
  });

  test('a wrong password says so and leaves nothing stored', async () => {
    const { user, api } = await openReport({ 'GET /api/report-data': () => jsonResponse(unauthorized, 401) });
    await logIn(user, 'treasurer', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent(FAILED);
    expect(storedReportAuth()).toBeNull();
    expect(api.requests('GET /api/report-data')).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Payment Report Login' })).toBeInTheDocument();
  });

  test.each([
    ['too many attempts (429)', () => jsonResponse({ error: { code: 'rate_limited', message: 'Too many' } }, 429)],
    ['a server error (500)', () => jsonResponse({ error: { code: 'internal', message: 'Boom' } }, 500)],
    ['an answer that is not JSON', () => new Response('<html>proxy error</html>', { status: 200 })],
    ['an answer of the wrong shape', () => jsonResponse({ donors: 'nope' })],
    [
      'no network',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('any failure — %s — shows the same message and clears storage', async (_name, respond) => {
    storeReportAuth(JSON.stringify({ username: 'old', password: 'old' }));
    const { user } = await openReport({ 'GET /api/report-data': respond });
    await logIn(user, 'treasurer', 'whatever');
    expect(await screen.findByRole('alert')).toHaveTextContent(FAILED);
    expect(storedReportAuth()).toBeNull();
  });

  test('logging in shows the report, sends Basic auth and stores the credentials', async () => {
    const answer = deferred<Response>();
    const { user, api } = await openReport({ 'GET /api/report-data': () => answer.promise });
    await logIn(user, adminCredentials.username, adminCredentials.password);
    expect(screen.getByRole('status')).toHaveTextContent('Checking your credentials…');
    expect(screen.getByRole('button', { name: 'Login' })).toBeDisabled();
    answer.resolve(report());

    expect(await screen.findByRole('heading', { level: 1, name: 'Books Payment Report' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Books Payment Report · Online Store'));
    const [request] = api.requests('GET /api/report-data');
    expect(request?.headers.get('Authorization')).toBe(adminAuthorization);
    // Without it the server adds a WWW-Authenticate challenge and the browser opens its own dialog.
    expect(request?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(request?.url.search).toBe('?limit=50');
    expect(JSON.parse(storedReportAuth() ?? 'null')).toEqual(adminCredentials);

    const table = screen.getByRole('table', { name: 'Donor Details' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual([
      'Name',
      'Email',
      'Center',
      'Amount',
      'Deductible',
      'Receipt',
      'Transaction ID',
      'Date',
      'Qty',
      'Products',
    ]);
    const [, first, second] = within(table).getAllByRole('row');
    const cells = (row: HTMLElement | undefined) =>
      within(row as HTMLElement)
        .getAllByRole('cell')
        .map((td) => td.textContent);
    // In the foundation's zone (the answer's timeZone), not the browser's.
    const inFoundationZone = (iso: string) =>
      new Intl.DateTimeFormat(undefined, {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: 'America/Chicago',
      }).format(new Date(iso));
    expect(cells(first)).toEqual([
      'Asha Rao',
      'asha@example.org',
      'Dallas Center, Texas',
      '$30.00',
      '$25.00',
      '2026-000123PDF',
      'sbx_txn_7Q2W9E',
      inFoundationZone('2026-03-05T20:30:00.000Z'),
      '2',
      'Guruvara Dattam Vimalacharita Satakam x1; SGS Vagdevi Center - $25.00 x1Pickup at Dallas Center, Texas',
    ]);
    // The book's delivery is a line of its own under the products; nothing shipped, no line.
    expect(within(first as HTMLElement).getByText('Pickup at Dallas Center, Texas')).toBeInTheDocument();
    expect(cells(second)?.[3]).toBe('$1,234.50');
    expect(cells(second)?.[9]).toBe('Any Other Donation - $1,234.50 x1');
    // The login's answer is the first page: it is not asked for twice.
    expect(api.requests('GET /api/report-data')).toHaveLength(1);
  });

  test('a reload with stored credentials stays logged in', async () => {
    storeReportAuth();
    const { api } = await openReport({ 'GET /api/report-data': report });
    expect(await screen.findByRole('heading', { level: 1, name: 'Books Payment Report' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Donor Details' })).toBeInTheDocument();
    const requests = api.requests('GET /api/report-data');
    expect(requests).toHaveLength(1);
    expect(requests[0]?.headers.get('Authorization')).toBe(adminAuthorization);
    expect(JSON.parse(storedReportAuth() ?? 'null')).toEqual(adminCredentials);
  });

  test('a reload whose stored credentials no longer work goes back to the login form, storage cleared', async () => {
    storeReportAuth();
    await openReport({ 'GET /api/report-data': () => jsonResponse(unauthorized, 401) });
    expect(await screen.findByRole('alert')).toHaveTextContent(FAILED);
    expect(screen.getByRole('heading', { level: 1, name: 'Payment Report Login' })).toBeInTheDocument();
    expect(storedReportAuth()).toBeNull();
  });

  test.each([
    ['not JSON', '{username'],
    ['the wrong shape', JSON.stringify(['treasurer', 'secret'])],
    ['an empty password', JSON.stringify({ username: 'treasurer', password: '' })],
    ['null', 'null'],
  ])('a corrupt report-auth value (%s) is dropped and the login form shows', async (_name, value) => {
    storeReportAuth(value);
    const { api } = await openReport({ 'GET /api/report-data': report });
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Report Login' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(storedReportAuth()).toBeNull();
    expect(api.requests('GET /api/report-data')).toHaveLength(0);
  });

  test('Logout clears the stored credentials and shows the login form', async () => {
    storeReportAuth();
    const { user } = await openReport({ 'GET /api/report-data': report });
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Payment Report Login' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(storedReportAuth()).toBeNull();
    expect(screen.getByLabelText('Username')).toHaveValue('');
  });
});
