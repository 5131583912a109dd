import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { asha } from '#src/test/auth-fixture';
import { deferred } from '#src/test/checkout-doubles';
import { currentPath, jsonResponse } from '#src/test/render-app';
import { openAccountPage, signedInHandlers } from './account-test-helpers';

const PASSWORD = /^Password/;
const emailTaken = {
  error: {
    code: 'email_taken',
    message: 'An account with this e-mail already exists. Log in instead.',
    fields: { email: 'An account with this e-mail already exists. Log in instead.' },
  },
};

async function register(
  user: UserEvent,
  { name = 'Asha Rao', email = 'asha@example.org', password = 'correct horse battery' } = {},
) {
  await user.type(await screen.findByLabelText('Name'), name);
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText(PASSWORD), password);
  await user.click(screen.getByRole('button', { name: 'Register' }));
}

describe('register (/register)', () => {
  test('shows name, email and password fields and a link to log in', async () => {
    await openAccountPage('/register', signedInHandlers());
    expect(screen.getByRole('heading', { level: 1, name: 'Register' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Name')).toHaveAttribute('autocomplete', 'name');
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password (at least 12 characters)')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    await waitFor(() => expect(document.title).toBe('Register · Online Store'));
  });

  test('checks every field with the shared rules before sending anything', async () => {
    const { user, api } = await openAccountPage('/register', signedInHandlers());
    await register(user, { name: '   ', email: 'asha@', password: 'too short' });
    for (const [label, message] of [
      ['Name', 'Name is required'],
      ['Email', 'Invalid email'],
      [PASSWORD, 'Password must be at least 12 characters'],
    ] as const) {
      const input = screen.getByLabelText(label);
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByText(message)).toHaveAttribute('id', input.getAttribute('aria-describedby'));
    }
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.requests('POST /auth/register')).toHaveLength(0);
  });

  test('a new account goes to /dashboard; the request carries the cookie and the trimmed details', async () => {
    const answer = deferred<Response>();
    const { user, api, credentialsOf } = await openAccountPage(
      '/register',
      signedInHandlers({ 'POST /auth/register': () => answer.promise }),
    );
    await register(user, { name: ' Asha Rao ', email: ' asha@example.org ' });
    expect(screen.getByRole('button', { name: 'Registering...' })).toBeDisabled();
    answer.resolve(jsonResponse(asha, 201));

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(currentPath()).toBe('/dashboard');
    // Issue 18: the sign-up mailed a confirmation link, and the dashboard says where it went.
    expect(await screen.findByRole('region', { name: 'Confirm your e-mail' })).toHaveTextContent(
      'We sent a link to asha@example.org. Follow it within 24 hours to confirm the address.',
    );
    expect(api.requests('POST /auth/register').map((r) => r.body)).toEqual([
      { name: 'Asha Rao', email: 'asha@example.org', password: 'correct horse battery' },
    ]);
    expect(credentialsOf('POST /auth/register')).toEqual(['include']);
  });

  test("an e-mail that already has an account: 'Registration failed', the reason once, by the field, with 'Log in instead' as a link", async () => {
    const { user } = await openAccountPage(
      '/register',
      signedInHandlers({ 'POST /auth/register': () => jsonResponse(emailTaken, 409) }),
    );
    await register(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Registration failed$/);
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('An account with this e-mail already exists. Log in instead.');
    expect(screen.getAllByText(/already exists/)).toHaveLength(1);
    const logIn = screen.getByRole('link', { name: 'Log in instead' });
    expect(logIn).toHaveAttribute('href', '/login');
    expect(email).toHaveFocus();
    expect(currentPath()).toBe('/register');
  });

  test.each([
    ['a server error (500)', () => jsonResponse({ error: { code: 'internal', message: 'Boom' } }, 500)],
    [
      'no network',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])("any other failure — %s — says 'Registration failed' and takes focus", async (_name, respond) => {
    const { user } = await openAccountPage('/register', signedInHandlers({ 'POST /auth/register': respond }));
    await register(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Registration failed/);
    expect(alert).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Register' })).toBeEnabled();
    expect(currentPath()).toBe('/register');
  });
});
