import { authMessages } from '@store/shared/auth';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { deferred } from '#src/test/checkout-doubles';
import { currentPath, jsonResponse } from '#src/test/render-app';
import { followLink, LAZY, openAccountPage, signedInHandlers } from './account-test-helpers';

const queued = { message: authMessages.resetLinkSent };

describe('forgot password (/forgot-password)', () => {
  test("/login links to it with 'Forgot password?', carrying the e-mail typed so far", async () => {
    const { user } = await openAccountPage('/login', signedInHandlers());
    await user.type(await screen.findByLabelText('Email'), 'asha@example.org');
    await followLink(user, 'Forgot password?');
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot Password' }, LAZY)).toBeInTheDocument();
    expect(currentPath()).toBe('/forgot-password');
    expect(await screen.findByLabelText('Email')).toHaveValue('asha@example.org');
    await waitFor(() => expect(document.title).toBe('Forgot Password · Online Store'));
  });

  test('sends the e-mail with a captcha token for forgot-password, then shows the one answer', async () => {
    const answer = deferred<Response>();
    const { user, api, credentialsOf } = await openAccountPage(
      '/forgot-password',
      signedInHandlers({ 'POST /auth/password/forgot': () => answer.promise }),
    );
    await user.type(await screen.findByLabelText('Email'), ' asha@example.org ');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    answer.resolve(jsonResponse(queued, 202));

    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(authMessages.resetLinkSent);
    expect(status).toHaveFocus();
    expect(screen.queryByLabelText('Email')).toBeNull();
    const [request] = api.requests('POST /auth/password/forgot');
    expect(request?.body).toEqual({ email: 'asha@example.org' });
    expect(request?.headers.get('X-Captcha-Action')).toBe('forgot-password');
    expect(request?.headers.get('X-Captcha-Token')).toBe('off');
    expect(credentialsOf('POST /auth/password/forgot')).toEqual(['include']);
  });

  test('checks the e-mail with the shared rule before sending', async () => {
    const { user, api } = await openAccountPage('/forgot-password', signedInHandlers());
    await user.type(await screen.findByLabelText('Email'), 'asha@');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(authMessages.email);
    expect(api.requests('POST /auth/password/forgot')).toHaveLength(0);
  });

  test('a refusal is named on the field; too many requests (429) says why and takes focus', async () => {
    const tooMany = 'Too many requests. Try again in 10 minutes.';
    let calls = 0;
    const { user } = await openAccountPage(
      '/forgot-password',
      signedInHandlers({
        'POST /auth/password/forgot': () =>
          ++calls === 1
            ? jsonResponse(
                { error: { code: 'validation_error', message: 'Invalid email', fields: { email: 'Invalid email' } } },
                400,
              )
            : jsonResponse({ error: { code: 'rate_limited', message: tooMany } }, 429),
      }),
    );
    await user.type(await screen.findByLabelText('Email'), 'asha@example.org');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(tooMany);
    expect(alert).toHaveFocus();
  });
});
