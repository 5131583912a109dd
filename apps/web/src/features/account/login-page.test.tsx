import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { asha, clientConfig } from '#src/test/auth-fixture';
import { deferred } from '#src/test/checkout-doubles';
import { currentPath, jsonResponse } from '#src/test/render-app';
import { openAccountPage, signedInHandlers } from './account-test-helpers';

const wrongPassword = { error: { code: 'invalid_credentials', message: 'E-mail or password is incorrect.' } };

async function logIn(user: Awaited<ReturnType<typeof openAccountPage>>['user'], email: string, password: string) {
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('login (/login)', () => {
  test('shows the fields, the Login button, Login with Google and a link to /register', async () => {
    await openAccountPage('/login', signedInHandlers());
    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Login with Google' })).toHaveAttribute('href', '/auth/google');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    await waitFor(() => expect(document.title).toBe('Login · Online Store'));
  });

  test("a Google sign-in that did not complete comes back to /login?error=google: 'Login failed'", async () => {
    await openAccountPage('/login?error=google', signedInHandlers());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Login failed');
    expect(alert).toHaveTextContent('Google sign-in did not complete. Please try again.');
    expect(screen.getByRole('link', { name: 'Login with Google' })).toBeInTheDocument();
  });

  test('Google sign-in not set up on this site comes back to /login?error=google-not-configured and says so', async () => {
    await openAccountPage('/login?error=google-not-configured', signedInHandlers());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Login failed');
    expect(alert).toHaveTextContent('Google sign-in is not set up on this site.');
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  test('checks the fields with the shared rules and sends nothing until they pass', async () => {
    const { user, api } = await openAccountPage('/login', signedInHandlers());
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    const email = screen.getByLabelText('Email');
    expect(await screen.findByText('Invalid email')).toHaveAttribute('id', email.getAttribute('aria-describedby'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.requests('POST /auth/login')).toHaveLength(0);
  });

  test('a right password posts the credentials with the cookie and goes to /dashboard', async () => {
    const answer = deferred<Response>();
    const { user, api, credentialsOf } = await openAccountPage(
      '/login',
      signedInHandlers({ 'POST /auth/login': () => answer.promise }),
    );
    await logIn(user, ' asha@example.org ', 'correct horse battery');
    expect(screen.getByRole('button', { name: 'Logging in...' })).toBeDisabled();
    answer.resolve(jsonResponse(asha));

    expect(await screen.findByText('Asha Rao', { selector: 'strong' })).toBeInTheDocument();
    expect(currentPath()).toBe('/dashboard');
    expect(api.requests('POST /auth/login').map((r) => r.body)).toEqual([
      { email: 'asha@example.org', password: 'correct horse battery' },
    ]);
    expect(credentialsOf('POST /auth/login')).toEqual(['include']);
  });

  test("a wrong password shows 'Login failed' with the server's reason and stays on /login", async () => {
    const { user } = await openAccountPage(
      '/login',
      signedInHandlers({ 'POST /auth/login': () => jsonResponse(wrongPassword, 401) }),
    );
    await logIn(user, 'asha@example.org', 'wrong password');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Login failed');
    expect(alert).toHaveTextContent('E-mail or password is incorrect.');
    expect(currentPath()).toBe('/login');
    // Ready to try again: the password is focused, the button back.
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  test.each([
    [
      'too many attempts (429)',
      () => jsonResponse({ error: { code: 'rate_limited', message: 'Too many attempts.' } }, 429),
    ],
    ['a server error (500)', () => jsonResponse({ error: { code: 'internal', message: 'Boom' } }, 500)],
    [
      'no network',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])("any other failure — %s — also says 'Login failed'", async (_name, respond) => {
    const { user } = await openAccountPage('/login', signedInHandlers({ 'POST /auth/login': respond }));
    await logIn(user, 'asha@example.org', 'correct horse battery');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Login failed/);
    expect(currentPath()).toBe('/login');
  });

  test('a field the server refuses is shown by that field', async () => {
    const refused = {
      error: { code: 'validation_error', message: 'Check the form.', fields: { email: 'Invalid email' } },
    };
    const { user } = await openAccountPage(
      '/login',
      signedInHandlers({ 'POST /auth/login': () => jsonResponse(refused, 400) }),
    );
    await logIn(user, 'asha@example.org', 'correct horse battery');
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Invalid email')).toHaveAttribute('id', email.getAttribute('aria-describedby'));
    expect(email).toHaveFocus();
  });

  test('uses the auth server the client config names, wherever it is', async () => {
    const { user, api, credentialsOf } = await openAccountPage('/login', {
      'GET /api/public/client-config': () => jsonResponse(clientConfig('https://auth.example.org/')),
      'POST /login': () => jsonResponse(wrongPassword, 401),
    });
    expect(await screen.findByRole('link', { name: 'Login with Google' })).toHaveAttribute(
      'href',
      'https://auth.example.org/google',
    );
    await logIn(user, 'asha@example.org', 'wrong password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
    expect(api.requests('POST /login').map((r) => r.url.href)).toEqual(['https://auth.example.org/login']);
    expect(credentialsOf('POST /login')).toEqual(['include']);
  });

  test('says so and offers a retry when the client config cannot be read', async () => {
    let configAnswers = 0;
    const { user } = await openAccountPage('/login', {
      'GET /api/public/client-config': () =>
        ++configAnswers === 1
          ? jsonResponse({ error: { code: 'internal', message: 'Boom' } }, 500)
          : jsonResponse(clientConfig()),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Boom');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
  });
});
