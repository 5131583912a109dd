/**
 * The sign-up's captcha (action `register`, issue 18 point 4) and the server's refusal of a common
 * password (point 7), shown by the password field.
 */
import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { asha } from '#src/test/auth-fixture';
import { jsonResponse } from '#src/test/render-app';
import { openAccountPage, signedInHandlers } from './account-test-helpers';

const TOO_COMMON = 'This password is too common. Choose a less common one.';

async function openAndRegister(handlers: Parameters<typeof signedInHandlers>[0], password = 'correct horse battery') {
  const opened = await openAccountPage('/register', signedInHandlers(handlers));
  await opened.user.type(await screen.findByLabelText('Name'), 'Asha Rao');
  await opened.user.type(screen.getByLabelText('Email'), 'asha@example.org');
  await opened.user.type(screen.getByLabelText(/^Password/), password);
  await opened.user.click(screen.getByRole('button', { name: 'Register' }));
  return opened;
}

describe('register: captcha and common passwords', () => {
  test('sends a captcha token for the action register', async () => {
    const { api } = await openAndRegister({ 'POST /auth/register': () => jsonResponse(asha, 201) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    const [request] = api.requests('POST /auth/register');
    expect(request?.headers.get('X-Captcha-Action')).toBe('register');
    expect(request?.headers.get('X-Captcha-Token')).toBe('off');
  });

  test('shows the refusal of a common password by the password field', async () => {
    await openAndRegister(
      {
        'POST /auth/register': () =>
          jsonResponse(
            { error: { code: 'validation_error', message: TOO_COMMON, fields: { password: TOO_COMMON } } },
            400,
          ),
      },
      'password1234',
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration failed');
    const password = screen.getByLabelText(/^Password/);
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(document.getElementById(password.getAttribute('aria-describedby') ?? '')).toHaveTextContent(TOO_COMMON);
    expect(password).toHaveFocus();
  });
});
