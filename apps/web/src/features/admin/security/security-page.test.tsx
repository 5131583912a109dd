import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { jsonResponse } from '#src/test/render-app';
import { LAZY, openAdmin, sessionOf } from '../admin-test-helpers';

const editorWithTotp = () => {
  const session = sessionOf('editor');
  return { ...session, staff: { ...session.staff, totpEnabled: true } };
};

describe('the security page (/admin/security)', () => {
  test('an editor with two-factor may turn it off with their password', async () => {
    const { user, api } = await openAdmin('/admin/security', {
      'GET /api/staff/me': () => jsonResponse(editorWithTotp()),
      'POST /api/staff/totp/disable': () => jsonResponse(sessionOf('editor')),
    });
    expect(await screen.findByText('on', { selector: 'strong' }, LAZY)).toBeInTheDocument();
    const off = screen.getByRole('region', { name: 'Turn off two-factor sign-in' });
    await user.type(within(off).getByLabelText('Password'), 'my password');
    await user.click(within(off).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Two-factor sign-in is off.');
    expect(screen.getByText('off', { selector: 'strong' })).toBeInTheDocument();
    expect(api.requests('POST /api/staff/totp/disable').map((r) => r.body)).toEqual([{ password: 'my password' }]);
  });

  test('a treasurer must keep it: no way to turn it off, only to move to a new phone', async () => {
    await openAdmin('/admin/security', {
      'GET /api/staff/me': () => jsonResponse(sessionOf('treasurer')),
      'GET /api/staff/orders': () => jsonResponse({ orders: [], nextCursor: null }),
      'GET /api/staff/report-keys': () => jsonResponse({ keys: [] }),
    });
    expect(await screen.findByText(/Your role must use it\./, {}, LAZY)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set up a new phone' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Turn off two-factor sign-in' })).toBeNull();
  });
});
