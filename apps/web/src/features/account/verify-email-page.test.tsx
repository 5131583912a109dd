import { type AuthUserResponse, authMessages } from '@store/shared/auth';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { forgetSession, rememberSession } from '#src/lib/session-hint';
import { asha } from '#src/test/auth-fixture';
import { currentPath, jsonResponse } from '#src/test/render-app';
import { followLink, LAZY, openAccountPage, signedInHandlers } from './account-test-helpers';

const verified: AuthUserResponse = { user: { ...asha.user, emailVerified: true } };
const invalidToken = {
  error: { code: 'invalid_token', message: authMessages.invalidToken, fields: { token: authMessages.invalidToken } },
};
/** A token per test: the page sends each token once per page load (module state outlives a test). */
let n = 0;
const freshToken = () => `verify-token-${Date.now()}-${++n}-abcdef`;

beforeEach(() => forgetSession());

describe('verify e-mail (/verify-email?token=…)', () => {
  test('posts the token once, even under StrictMode, and says the e-mail is confirmed', async () => {
    const token = freshToken();
    const { api, credentialsOf } = await openAccountPage(
      `/verify-email?token=${token}`,
      signedInHandlers({ 'POST /auth/email/verify': () => jsonResponse(verified) }),
      { strict: true },
    );
    const status = await screen.findByText(/Your e-mail is confirmed/);
    expect(status.closest('[role="status"]')).toHaveTextContent('asha@example.org is the address of your account.');
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard');
    await waitFor(() => expect(document.title).toBe('Confirm Your E-mail · Online Store'));
    expect(api.requests('POST /auth/email/verify').map((r) => r.body)).toEqual([{ token }]);
    expect(credentialsOf('POST /auth/email/verify')).toEqual(['include']);
  });

  test('an expired or used link says so; a stranger is sent to log in for a new one', async () => {
    const { user } = await openAccountPage(
      `/verify-email?token=${freshToken()}`,
      signedInHandlers({ 'POST /auth/email/verify': () => jsonResponse(invalidToken, 400) }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(authMessages.invalidToken);
    expect(screen.queryByRole('button', { name: 'Send a new link' })).toBeNull();
    await followLink(user, 'Log in');
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' }, LAZY)).toBeInTheDocument();
  });

  test("signed in: 'Send a new link' asks for one and says what the server answered", async () => {
    rememberSession();
    const { user, api } = await openAccountPage(
      `/verify-email?token=${freshToken()}`,
      signedInHandlers({
        'POST /auth/email/verify': () => jsonResponse(invalidToken, 400),
        'POST /auth/email/verify/resend': () =>
          jsonResponse(
            { message: 'We sent a link to asha@example.org. Follow it within 24 hours to confirm the address.' },
            202,
          ),
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('We sent a link to asha@example.org.');
    expect(api.requests('POST /auth/email/verify/resend')).toHaveLength(1);
  });

  test('no network: says so and tries again on request', async () => {
    let calls = 0;
    const { user, api } = await openAccountPage(
      `/verify-email?token=${freshToken()}`,
      signedInHandlers({
        'POST /auth/email/verify': () => {
          if (++calls === 1) throw new TypeError('Failed to fetch');
          return jsonResponse(verified);
        },
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach the server.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/Your e-mail is confirmed/)).toBeInTheDocument();
    expect(api.requests('POST /auth/email/verify')).toHaveLength(2);
    expect(currentPath()).toBe('/verify-email');
  });
});
