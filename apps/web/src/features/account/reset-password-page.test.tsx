import { authMessages } from '@store/shared/auth';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { mayHaveSession } from '#src/lib/session-hint';
import { asha } from '#src/test/auth-fixture';
import { deferred } from '#src/test/checkout-doubles';
import { currentPath, jsonResponse } from '#src/test/render-app';
import { followLink, LAZY, openAccountPage, signedInHandlers } from './account-test-helpers';

const TOKEN = 'reset-token-0123456789abcdef';
const NEW = /^New password/;
const REPEAT = 'Repeat the new password';
const invalidToken = {
  error: { code: 'invalid_token', message: authMessages.invalidToken, fields: { token: authMessages.invalidToken } },
};

async function choose(user: Awaited<ReturnType<typeof openAccountPage>>['user'], password: string, repeat = password) {
  await user.type(await screen.findByLabelText(NEW), password);
  await user.type(screen.getByLabelText(REPEAT), repeat);
  await user.click(screen.getByRole('button', { name: 'Save the new password' }));
}

describe('reset password (/reset-password?token=…)', () => {
  test('a new password typed twice is saved with the token; the donor is signed in on /dashboard with a toast', async () => {
    const answer = deferred<Response>();
    const { user, api } = await openAccountPage(
      `/reset-password?token=${TOKEN}`,
      signedInHandlers({ 'POST /auth/password/reset': () => answer.promise }),
    );
    await waitFor(() => expect(document.title).toBe('Choose a New Password · Online Store'));
    expect(await screen.findByLabelText('New password (at least 12 characters)')).toHaveAttribute('type', 'password');
    await choose(user, 'a brand new passphrase');
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    answer.resolve(jsonResponse(asha));

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, LAZY)).toBeInTheDocument();
    expect(await screen.findByText('Your new password is saved. You are signed in.')).toBeInTheDocument();
    expect(currentPath()).toBe('/dashboard');
    expect(mayHaveSession()).toBe(true);
    expect(api.requests('POST /auth/password/reset').map((r) => r.body)).toEqual([
      { token: TOKEN, password: 'a brand new passphrase' },
    ]);
  });

  test('the two fields must match and the password must be long enough; nothing is sent until they are', async () => {
    const { user, api } = await openAccountPage(`/reset-password?token=${TOKEN}`, signedInHandlers());
    await choose(user, 'a brand new passphrase', 'a brand new passphrasf');
    expect(screen.getByLabelText(REPEAT)).toHaveAccessibleDescription(authMessages.passwordsDiffer);
    await user.clear(screen.getByLabelText(NEW));
    await user.type(screen.getByLabelText(NEW), 'short');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByText(authMessages.password)).toBeInTheDocument();
    expect(api.requests('POST /auth/password/reset')).toHaveLength(0);
  });

  test('Show reveals what was typed, Hide hides it again', async () => {
    const { user } = await openAccountPage(`/reset-password?token=${TOKEN}`, signedInHandlers());
    const input = await screen.findByLabelText(NEW);
    const [show] = screen.getAllByRole('button', { name: 'Show password' });
    await user.click(show as HTMLElement);
    expect(input).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  test('an expired or used link says so and links to ask for a new one', async () => {
    const { user } = await openAccountPage(
      `/reset-password?token=${TOKEN}`,
      signedInHandlers({ 'POST /auth/password/reset': () => jsonResponse(invalidToken, 400) }),
    );
    await choose(user, 'a brand new passphrase');
    expect(await screen.findByRole('alert')).toHaveTextContent(authMessages.invalidToken);
    expect(screen.queryByLabelText(NEW)).toBeNull();
    await followLink(user, 'Ask for a new link');
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot Password' }, LAZY)).toBeInTheDocument();
  });

  test('a link without its token says it cannot be used', async () => {
    await openAccountPage('/reset-password', signedInHandlers());
    expect(screen.getByRole('alert')).toHaveTextContent(authMessages.invalidToken);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  test('a password the server refuses (too common) is named on its field', async () => {
    const common = authMessages.passwordTooCommon;
    const { user } = await openAccountPage(
      `/reset-password?token=${TOKEN}`,
      signedInHandlers({
        'POST /auth/password/reset': () =>
          jsonResponse({ error: { code: 'validation_error', message: common, fields: { password: common } } }, 400),
      }),
    );
    await choose(user, 'password1234');
    const input = screen.getByLabelText(NEW);
    await waitFor(() => expect(input).toHaveAccessibleDescription(common));
    expect(input).toHaveFocus();
  });
});
