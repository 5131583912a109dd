/** The dashboard's 'Confirm your e-mail' while the address is unconfirmed (issue 18). */
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { rememberSession } from '#src/lib/session-hint';
import { asha } from '#src/test/auth-fixture';
import { jsonResponse } from '#src/test/render-app';
import { openAccountPage, signedInHandlers } from './account-test-helpers';

const SENT = 'We sent a link to asha@example.org. Follow it within 24 hours to confirm the address.';

beforeEach(() => rememberSession());

describe('confirm your e-mail (dashboard)', () => {
  test("'Send the link again' sends one and says where; too many (429) shows the server's message", async () => {
    const tooMany = 'Too many links sent to this address today. Try again tomorrow.';
    let calls = 0;
    const { user, api } = await openAccountPage(
      '/dashboard',
      signedInHandlers({
        'POST /auth/email/verify/resend': () =>
          ++calls === 1
            ? jsonResponse({ message: 'Sent.' }, 202)
            : jsonResponse({ error: { code: 'rate_limited', message: tooMany } }, 429),
      }),
    );
    const notice = within(await screen.findByRole('region', { name: 'Confirm your e-mail' }));
    expect(notice.getByText(/Follow the link we e-mailed to asha@example.org/)).toBeInTheDocument();
    await user.click(notice.getByRole('button', { name: 'Send the link again' }));
    expect(await notice.findByRole('status')).toHaveTextContent(SENT);
    await user.click(notice.getByRole('button', { name: 'Send the link again' }));
    expect(await notice.findByRole('alert')).toHaveTextContent(tooMany);
    expect(api.requests('POST /auth/email/verify/resend')).toHaveLength(2);
  });

  test('a confirmed address is not asked for', async () => {
    await openAccountPage(
      '/dashboard',
      signedInHandlers({ 'GET /auth/profile': () => jsonResponse({ user: { ...asha.user, emailVerified: true } }) }),
    );
    await screen.findByText(/Signed in as/);
    expect(screen.queryByRole('region', { name: 'Confirm your e-mail' })).toBeNull();
  });
});
