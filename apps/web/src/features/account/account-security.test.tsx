/** The dashboard's 'Sign-in and security' section (issue 18): password, e-mail, log out everywhere, delete. */
import { type AuthUserResponse, authMessages } from '@store/shared/auth';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { mayHaveSession, rememberSession } from '#src/lib/session-hint';
import { asha } from '#src/test/auth-fixture';
import { deferred } from '#src/test/checkout-doubles';
import { currentPath, jsonResponse } from '#src/test/render-app';
import { LAZY, openAccountPage, signedInHandlers, storedJwtToken } from './account-test-helpers';

const google: AuthUserResponse = { user: { ...asha.user, emailVerified: true, hasPassword: false } };
const refused = (field: string, message: string, status = 400) =>
  jsonResponse({ error: { code: 'validation_error', message, fields: { [field]: message } } }, status);

type Handlers = Parameters<typeof signedInHandlers>[0];

async function openDashboard(handlers: Handlers = {}, profile: AuthUserResponse = asha) {
  const opened = await openAccountPage(
    '/dashboard',
    signedInHandlers({ 'GET /auth/profile': () => jsonResponse(profile), ...handlers }),
  );
  await screen.findByRole('heading', { level: 2, name: 'Sign-in and security' });
  return opened;
}

const panel = (name: string) => screen.getByRole('region', { name });

beforeEach(() => rememberSession());

describe('change password', () => {
  test('sends the current and the new password; says it is done and clears the fields', async () => {
    const answer = deferred<Response>();
    const { user, api } = await openDashboard({ 'POST /auth/password/change': () => answer.promise });
    const box = within(panel('Change password'));
    await user.type(box.getByLabelText('Current password'), 'correct horse battery');
    await user.type(box.getByLabelText('New password (at least 12 characters)'), 'a brand new passphrase');
    await user.type(box.getByLabelText('Repeat the new password'), 'a brand new passphrase');
    await user.click(box.getByRole('button', { name: 'Change password' }));
    expect(box.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    answer.resolve(jsonResponse(asha));

    expect(await box.findByRole('status')).toHaveTextContent('Your password is changed.');
    expect(box.getByLabelText('Current password')).toHaveValue('');
    expect(api.requests('POST /auth/password/change').map((r) => r.body)).toEqual([
      { currentPassword: 'correct horse battery', newPassword: 'a brand new passphrase' },
    ]);
  });

  test('checks the repeat before sending; a wrong current password is named on its field and focused', async () => {
    const { user, api } = await openDashboard({
      'POST /auth/password/change': () => refused('currentPassword', authMessages.currentPasswordWrong),
    });
    const box = within(panel('Change password'));
    await user.type(box.getByLabelText('Current password'), 'not it at all');
    await user.type(box.getByLabelText(/^New password/), 'a brand new passphrase');
    await user.type(box.getByLabelText('Repeat the new password'), 'something else entirely');
    await user.click(box.getByRole('button', { name: 'Change password' }));
    expect(box.getByLabelText('Repeat the new password')).toHaveAccessibleDescription(authMessages.passwordsDiffer);
    expect(api.requests('POST /auth/password/change')).toHaveLength(0);

    await user.clear(box.getByLabelText('Repeat the new password'));
    await user.type(box.getByLabelText('Repeat the new password'), 'a brand new passphrase');
    await user.click(box.getByRole('button', { name: 'Change password' }));
    const current = box.getByLabelText('Current password');
    await waitFor(() => expect(current).toHaveAccessibleDescription(authMessages.currentPasswordWrong));
    expect(current).toHaveFocus();
  });

  test('a Google-only account sets a password without a current one, then is offered the change', async () => {
    const { user, api } = await openDashboard(
      { 'POST /auth/password/change': () => jsonResponse({ user: { ...google.user, hasPassword: true } }) },
      google,
    );
    const box = within(panel('Set a password'));
    expect(box.queryByLabelText('Current password')).toBeNull();
    await user.type(box.getByLabelText(/^New password/), 'a brand new passphrase');
    await user.type(box.getByLabelText('Repeat the new password'), 'a brand new passphrase');
    await user.click(box.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByRole('region', { name: 'Change password' })).toBeInTheDocument();
    expect(api.requests('POST /auth/password/change').map((r) => r.body)).toEqual([
      { newPassword: 'a brand new passphrase' },
    ]);
  });
});

describe('change e-mail', () => {
  test('a link goes to the new address; the account keeps the old one until it is followed', async () => {
    const { user, api } = await openDashboard({
      'POST /auth/email/change': () => jsonResponse({ message: 'Sent.' }, 202),
    });
    const box = within(panel('Change e-mail'));
    await user.type(box.getByLabelText('New e-mail'), ' asha.rao@example.org ');
    await user.type(box.getByLabelText('Current password'), 'correct horse battery');
    await user.click(box.getByRole('button', { name: 'Change e-mail' }));
    expect(await box.findByRole('status')).toHaveTextContent(
      'We sent a link to asha.rao@example.org. Follow it within 24 hours to confirm the address.',
    );
    expect(screen.getByText(/^Signed in as/)).toHaveTextContent('(asha@example.org)');
    expect(api.requests('POST /auth/email/change').map((r) => r.body)).toEqual([
      { newEmail: 'asha.rao@example.org', currentPassword: 'correct horse battery' },
    ]);
  });

  test('an address another account uses (409) is named on the field', async () => {
    const taken = 'An account with this e-mail already exists.';
    const { user } = await openDashboard({ 'POST /auth/email/change': () => refused('newEmail', taken, 409) });
    const box = within(panel('Change e-mail'));
    await user.type(box.getByLabelText('New e-mail'), 'meera@example.org');
    await user.type(box.getByLabelText('Current password'), 'correct horse battery');
    await user.click(box.getByRole('button', { name: 'Change e-mail' }));
    await waitFor(() => expect(box.getByLabelText('New e-mail')).toHaveAccessibleDescription(taken));
    expect(box.getByLabelText('New e-mail')).toHaveFocus();
  });
});

describe('log out everywhere', () => {
  test('ends every session, forgets this one and goes to /login', async () => {
    window.sessionStorage.setItem('jwt_token', 'abc.def.ghi');
    const { user, api } = await openDashboard({
      'POST /auth/logout-everywhere': () => new Response(null, { status: 204 }),
    });
    await user.click(within(panel('Log out everywhere')).getByRole('button', { name: 'Log out everywhere' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' }, LAZY)).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
    expect(await screen.findByText('You are logged out on every device.')).toBeInTheDocument();
    expect(api.requests('POST /auth/logout-everywhere')).toHaveLength(1);
    expect(mayHaveSession()).toBe(false);
    expect(storedJwtToken()).toBeNull();
  });
});

describe('delete my account', () => {
  test('asks for the password in a second step, which Cancel closes', async () => {
    const { user, api } = await openDashboard();
    const box = within(panel('Delete my account'));
    expect(box.getByText(/stay with the foundation/)).toBeInTheDocument();
    const open = box.getByRole('button', { name: 'Delete my account' });
    await user.click(open);
    expect(box.getByLabelText('Your password, to confirm')).toHaveFocus();
    await user.click(box.getByRole('button', { name: 'Cancel' }));
    expect(box.queryByLabelText('Your password, to confirm')).toBeNull();
    expect(box.getByRole('button', { name: 'Delete my account' })).toHaveFocus();
    expect(api.requests('POST /auth/account/delete')).toHaveLength(0);
  });

  test('with the right password the account goes, and so does the session: back to the store', async () => {
    let calls = 0;
    const { user, api } = await openDashboard({
      'POST /auth/account/delete': () =>
        ++calls === 1
          ? refused('currentPassword', authMessages.currentPasswordWrong)
          : new Response(null, { status: 204 }),
    });
    const box = within(panel('Delete my account'));
    await user.click(box.getByRole('button', { name: 'Delete my account' }));
    await user.type(box.getByLabelText('Your password, to confirm'), 'not it');
    await user.click(box.getByRole('button', { name: 'Delete my account for good' }));
    const password = box.getByLabelText('Your password, to confirm');
    await waitFor(() => expect(password).toHaveAccessibleDescription(authMessages.currentPasswordWrong));

    await user.clear(password);
    await user.type(password, 'correct horse battery');
    await user.click(box.getByRole('button', { name: 'Delete my account for good' }));
    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(await screen.findByText('Your account is deleted.')).toBeInTheDocument();
    expect(mayHaveSession()).toBe(false);
    expect(api.requests('POST /auth/account/delete').map((r) => r.body)).toEqual([
      { currentPassword: 'not it' },
      { currentPassword: 'correct horse battery' },
    ]);
  });

  test('a Google-only account confirms by typing its e-mail', async () => {
    const { user, api } = await openDashboard(
      { 'POST /auth/account/delete': () => new Response(null, { status: 204 }) },
      google,
    );
    const box = within(panel('Delete my account'));
    await user.click(box.getByRole('button', { name: 'Delete my account' }));
    const typed = box.getByLabelText(`${authMessages.deleteConfirmation} (asha@example.org)`);
    await user.type(typed, 'asha@example.com');
    await user.click(box.getByRole('button', { name: 'Delete my account for good' }));
    expect(typed).toHaveAccessibleDescription('Type asha@example.org to confirm.');
    expect(api.requests('POST /auth/account/delete')).toHaveLength(0);

    await user.clear(typed);
    await user.type(typed, 'Asha@example.org');
    await user.click(box.getByRole('button', { name: 'Delete my account for good' }));
    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(api.requests('POST /auth/account/delete').map((r) => r.body)).toEqual([
      { confirmEmail: 'Asha@example.org' },
    ]);
  });
});
