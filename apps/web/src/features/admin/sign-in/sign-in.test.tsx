import { staffMessages } from '@store/shared/staff';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { currentPath, jsonResponse } from '#src/test/render-app';
import { LAZY, notSignedIn, openAdmin, sessionOf } from '../admin-test-helpers';

const emptyOrders = () => jsonResponse({ orders: [], nextCursor: null });
const RECOVERY = Array.from({ length: 10 }, (_, i) => `abcde-${String(i).padStart(5, '0')}`);

async function signIn(user: Awaited<ReturnType<typeof openAdmin>>['user']) {
  await user.type(await screen.findByLabelText('Username'), 'asha');
  await user.type(screen.getByLabelText('Password'), 'correct horse');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('back office sign-in (/admin)', () => {
  test('password, then the code step, then the shell with the name and role; the cookie travels same-origin', async () => {
    const { user, api } = await openAdmin('/admin', {
      'GET /api/staff/me': notSignedIn,
      'POST /api/staff/login': () => jsonResponse(sessionOf('treasurer', 'totp')),
      'POST /api/staff/login/code': () => jsonResponse(sessionOf('treasurer')),
      'GET /api/staff/orders': emptyOrders,
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Back office sign-in' })).toBeInTheDocument();
    await signIn(user);

    expect(await screen.findByRole('heading', { level: 1, name: 'Two-factor sign-in' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Code'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Back office' })).toBeInTheDocument();
    expect(screen.getByText('asha')).toBeInTheDocument();
    expect(screen.getByText('Treasurer')).toBeInTheDocument();
    // /admin opens the first page the role may see.
    expect(await screen.findByRole('heading', { level: 2, name: 'Orders' }, LAZY)).toBeInTheDocument();
    expect(currentPath()).toBe('/admin/orders');
    expect(await screen.findByText('No orders yet.', {}, LAZY)).toBeInTheDocument();

    expect(api.requests('POST /api/staff/login').map((r) => r.body)).toEqual([
      { username: 'asha', password: 'correct horse' },
    ]);
    expect(api.requests('POST /api/staff/login/code').map((r) => r.body)).toEqual([{ code: '123456' }]);
    const credentials = api.fetchMock.mock.calls
      .filter(([input]) => String(input).startsWith('/api/staff/'))
      .map(([, init]) => init?.credentials);
    expect(credentials.length).toBeGreaterThanOrEqual(4);
    expect(new Set(credentials)).toEqual(new Set(['same-origin']));
  });

  test('a wrong password says so and stays on the form', async () => {
    const { user } = await openAdmin('/admin', {
      'GET /api/staff/me': notSignedIn,
      'POST /api/staff/login': () =>
        jsonResponse({ error: { code: 'invalid_credentials', message: staffMessages.invalidLogin } }, 401),
    });
    await signIn(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(staffMessages.invalidLogin);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  test('empty fields are refused with the shared rules and nothing is sent', async () => {
    const { user, api } = await openAdmin('/admin', { 'GET /api/staff/me': notSignedIn });
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Username is required.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
    expect(api.requests('POST /api/staff/login')).toHaveLength(0);
  });

  test('enrolment: the QR code and the key, the first code, then the ten recovery codes once, then the shell', async () => {
    const { user, api } = await openAdmin('/admin/orders', {
      'GET /api/staff/me': notSignedIn,
      'POST /api/staff/login': () => jsonResponse(sessionOf('owner', 'enrol')),
      'POST /api/staff/totp/setup': () =>
        jsonResponse({
          secret: 'JBSWY3DPEHPK3PXP',
          otpauthUrl: 'otpauth://totp/Store:asha?secret=JBSWY3DPEHPK3PXP',
          qrSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0h10v10H0z"/></svg>',
        }),
      'POST /api/staff/totp/confirm': () => jsonResponse({ recoveryCodes: RECOVERY, session: sessionOf('owner') }),
      'GET /api/staff/orders': emptyOrders,
    });
    await signIn(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Set up two-factor sign-in' })).toBeInTheDocument();
    expect(screen.getByText(staffMessages.enrolFirst, { exact: false })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show the QR code' }));

    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Code from the app'), '654321');
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));

    const codes = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(RECOVERY);
    expect(screen.getByRole('button', { name: 'Copy codes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download codes' })).toBeInTheDocument();
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(next).toBeDisabled();
    await user.click(screen.getByLabelText('I have saved these codes'));
    await user.click(next);

    // The page asked for at first is where the member lands.
    expect(await screen.findByRole('heading', { level: 2, name: 'Orders' }, LAZY)).toBeInTheDocument();
    expect(currentPath()).toBe('/admin/orders');
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
    expect(api.requests('POST /api/staff/totp/confirm').map((r) => r.body)).toEqual([{ code: '654321' }]);
  });

  test('a 401 on a later call returns to the sign-in form with staffMessages.signedOut', async () => {
    await openAdmin('/admin/orders', {
      'GET /api/staff/me': () => jsonResponse(sessionOf('owner')),
      'GET /api/staff/orders': notSignedIn,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Back office sign-in' }, LAZY)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(staffMessages.signedOut);
    expect(currentPath()).toBe('/admin/orders');
  });

  test('Sign out ends the session on the server and shows the sign-in form', async () => {
    const { user, api } = await openAdmin('/admin/security', {
      'GET /api/staff/me': () => jsonResponse(sessionOf('editor')),
      'POST /api/staff/logout': () => new Response(null, { status: 204 }),
    });
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Back office sign-in' })).toBeInTheDocument();
    await waitFor(() => expect(api.requests('POST /api/staff/logout')).toHaveLength(1));
  });
});
