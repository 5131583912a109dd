import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { forgetSession, mayHaveSession, rememberSession } from '#src/lib/session-hint';
import { asha, ashaActivity, noActivity, notSignedIn } from '#src/test/auth-fixture';
import { deferred } from '#src/test/checkout-doubles';
import { currentPath, jsonResponse } from '#src/test/render-app';
import { openAccountPage, signedInHandlers, storedJwtToken } from './account-test-helpers';
import { loadPage } from './leave-page';

// jsdom cannot load a page: the logout's reload of the root page is watched here instead.
vi.mock('./leave-page', () => ({ loadPage: vi.fn() }));

function cellsOf(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );
}

beforeEach(() => {
  vi.mocked(loadPage).mockClear();
  // This browser has signed in (lib/session-hint.ts); the tests of a stranger clear it.
  rememberSession();
});

describe('dashboard (/dashboard)', () => {
  test('a visitor who never signed in here goes to /login without asking the auth server', async () => {
    forgetSession();
    const { api } = await openAccountPage('/dashboard', signedInHandlers());
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
    expect(api.requests('GET /auth/profile')).toHaveLength(0);
    expect(api.requests('GET /auth/activity')).toHaveLength(0);
  });

  test('a session that has ended (401) sends the visitor to /login, and pages stop asking', async () => {
    await openAccountPage(
      '/dashboard',
      signedInHandlers({ 'GET /auth/profile': () => jsonResponse(notSignedIn, 401) }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
    expect(mayHaveSession()).toBe(false);
  });

  test('shows who is signed in, their donations with receipts and their event registrations', async () => {
    // A cheque has only the day it was received: it is shown with no time.
    const cheque = {
      ...ashaActivity.donations[0],
      orderId: '0b6f3c1e-2a4d-4c8e-9f10-7a5b3c2d1e02',
      receiptNumber: '2025-000009',
      date: '2025-12-31',
      transactionId: '',
    };
    const activity = { ...ashaActivity, donations: [...ashaActivity.donations, cheque] };
    const { credentialsOf } = await openAccountPage(
      '/dashboard',
      signedInHandlers({ 'GET /auth/activity': () => jsonResponse(activity) }),
    );
    expect(await screen.findByText(/Signed in as/)).toHaveTextContent('Signed in as Asha Rao (asha@example.org)');
    await waitFor(() => expect(document.title).toBe('Dashboard · Online Store'));

    const donations = screen.getByRole('table', { name: 'Your Donations' });
    expect(
      within(donations)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Date', 'Receipt', 'Center', 'Products', 'Amount', 'Tax-deductible', 'Transaction ID']);
    // Every time in the foundation's zone (America/Chicago, the site's), said once, whatever the
    // computer's zone: 20:30 UTC is 2:30 PM there.
    expect(
      screen.getByText(/^Dates and times in America\/Chicago \(C[SD]T\), the foundation's time zone\.$/),
    ).toBeVisible();
    expect(cellsOf(donations)).toEqual([
      [
        'Mar 5, 2026, 2:30 PM',
        'R-20260305-0B6F3C PDF',
        'Dallas Center, Texas',
        'Any Other Donation × 1',
        '$1,234.50',
        '$1,234.50',
        'sbx_txn_7Q2W9E',
      ],
      [
        'Dec 20, 2025, 12:00 PM',
        'R-20251220-0B6F3C PDF',
        'Toronto Center, Canada',
        'SGS Vagdevi Center - $25.00 × 1',
        '$25.00',
        // Before the tax receipts: no figure on record.
        '—',
        'sbx_txn_1A2B3C',
      ],
      [
        'Dec 31, 2025',
        '2025-000009 PDF',
        'Dallas Center, Texas',
        'Any Other Donation × 1',
        '$1,234.50',
        '$1,234.50',
        '',
      ],
    ]);
    const registrations = screen.getByRole('table', { name: 'Your Event Registrations' });
    expect(cellsOf(registrations)).toEqual([
      [
        'BGM-000007',
        'Mar 2, 2026, 11:00 AM',
        'Dallas Center, Texas, Datta Auditorium, May 15, 2027, 9:00 AM',
        'On the waiting list',
        'Sita Rao, Asha Rao',
        // No family link came with this registration: its Manage cell is empty.
        '',
      ],
    ]);
    expect(credentialsOf('GET /auth/profile')).toEqual(['include']);
    expect(credentialsOf('GET /auth/activity')).toEqual(['include']);
  });

  test("each donation's receipt and each year's statement is a PDF to download, newest year first", async () => {
    await openAccountPage('/dashboard', signedInHandlers());
    const receipt = await screen.findByRole('link', { name: 'Download receipt R-20260305-0B6F3C (PDF)' });
    expect(receipt).toHaveAttribute('href', '/api/account/receipts/0b6f3c1e-2a4d-4c8e-9f10-7a5b3c2d1e01.pdf');
    expect(receipt).toHaveAttribute('download');
    expect(screen.getByRole('link', { name: 'Download receipt R-20251220-0B6F3C (PDF)' })).toHaveAttribute(
      'href',
      '/api/account/receipts/0b6f3c1e-2a4d-4c8e-9f10-7a5b3c2d1e00.pdf',
    );

    const statements = screen.getByRole('region', { name: 'Year-end statements' });
    const links = within(statements).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['2026 statement (PDF)', '2025 statement (PDF)']);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/api/account/statements/2026.pdf',
      '/api/account/statements/2025.pdf',
    ]);
    for (const link of links) expect(link).toHaveAttribute('download');
    expect(within(statements).queryByText(/will appear here/)).toBeNull();
  });

  test("a year with gifts to two of the foundation's entities has a statement from each, named by issuer and currency", async () => {
    const us = { key: 'us', issuer: 'Sri Datta Vani Foundation, Inc.', currency: 'USD' };
    const canada = { key: 'ca', issuer: 'Sri Datta Vani Foundation of Canada', currency: 'CAD' };
    await openAccountPage(
      '/dashboard',
      signedInHandlers({
        'GET /api/account/statements': () =>
          jsonResponse({
            statements: [
              { year: 2026, from: us, pdf: '/api/account/statements/2026.pdf' },
              { year: 2026, from: canada, pdf: '/api/account/statements/2026.pdf?entity=ca' },
              { year: 2025, from: us, pdf: '/api/account/statements/2025.pdf' },
            ],
          }),
      }),
    );
    const statements = await screen.findByRole('region', { name: 'Year-end statements' });
    await waitFor(() => expect(within(statements).getAllByRole('link')).toHaveLength(3));
    const links = within(statements).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['2026 statement from Sri Datta Vani Foundation, Inc. in USD (PDF)', '/api/account/statements/2026.pdf'],
      [
        '2026 statement from Sri Datta Vani Foundation of Canada in CAD (PDF)',
        '/api/account/statements/2026.pdf?entity=ca',
      ],
      // A year with one statement reads as it always has.
      ['2025 statement (PDF)', '/api/account/statements/2025.pdf'],
    ]);
    for (const link of links) expect(link).toHaveAttribute('download');
  });

  test('says so when there are no donations or registrations yet', async () => {
    await openAccountPage('/dashboard', signedInHandlers({ 'GET /auth/activity': () => jsonResponse(noActivity) }));
    expect(await screen.findByText('No donations yet.')).toBeInTheDocument();
    expect(screen.getByText('No event registrations yet.')).toBeInTheDocument();
    const statements = screen.getByRole('region', { name: 'Year-end statements' });
    expect(statements).toHaveTextContent('Your statements will appear here after your first gift.');
    expect(within(statements).queryByRole('link')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  test('Load Profile shows the profile the server returns, as formatted raw data', async () => {
    const { user, api } = await openAccountPage('/dashboard', signedInHandlers());
    await user.click(await screen.findByRole('button', { name: 'Load Profile' }));
    const profile = await screen.findByRole('region', { name: 'Profile' });
    expect(within(profile).getByText(/"email"/).textContent).toBe(JSON.stringify(asha, null, 2));
    // One call when the page opened, one for the button.
    expect(api.requests('GET /auth/profile')).toHaveLength(2);
  });

  test('Load Profile after the session has ended sends the visitor to /login', async () => {
    let profileCalls = 0;
    const { user } = await openAccountPage(
      '/dashboard',
      signedInHandlers({
        'GET /auth/profile': () => (++profileCalls === 1 ? jsonResponse(asha) : jsonResponse(notSignedIn, 401)),
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Load Profile' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
  });

  test('Logout posts the logout with the cookie, forgets jwt_token and reloads the root page', async () => {
    window.sessionStorage.setItem('jwt_token', 'abc.def.ghi');
    const answer = deferred<Response>();
    const { user, api, credentialsOf } = await openAccountPage(
      '/dashboard',
      signedInHandlers({ 'POST /auth/logout': () => answer.promise }),
    );
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(screen.getByRole('status')).toHaveTextContent('Logging out…');
    expect(loadPage).not.toHaveBeenCalled();
    answer.resolve(new Response(null, { status: 204 }));

    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/'));
    expect(api.requests('POST /auth/logout')).toHaveLength(1);
    expect(credentialsOf('POST /auth/logout')).toEqual(['include']);
    expect(storedJwtToken()).toBeNull();
  });

  test('a logout the server could not do says so and keeps the visitor here', async () => {
    window.sessionStorage.setItem('jwt_token', 'abc.def.ghi');
    const { user } = await openAccountPage(
      '/dashboard',
      signedInHandlers({
        'POST /auth/logout': () => jsonResponse({ error: { code: 'internal', message: 'Boom' } }, 500),
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not log out: Boom');
    expect(loadPage).not.toHaveBeenCalled();
    expect(storedJwtToken()).toBe('abc.def.ghi');
    expect(currentPath()).toBe('/dashboard');
  });

  test('a server error while opening offers a retry', async () => {
    let activityCalls = 0;
    const { user } = await openAccountPage(
      '/dashboard',
      signedInHandlers({
        'GET /auth/activity': () =>
          ++activityCalls === 1
            ? jsonResponse({ error: { code: 'internal', message: 'Boom' } }, 500)
            : jsonResponse(noActivity),
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Boom');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No donations yet.')).toBeInTheDocument();
  });
});
