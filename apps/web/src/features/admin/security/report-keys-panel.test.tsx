import { reportKeyMessages } from '@store/shared/report-keys';
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { jsonResponse } from '#src/test/render-app';
import { LAZY, openAdmin, sessionOf } from '../admin-test-helpers';

const SECRET = 'rk_Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZmdoaWprbG1u';
const older = {
  id: 'key-1',
  label: 'Office PC',
  username: 'asha',
  createdAt: '2026-11-01T10:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
};
const made = { ...older, id: 'key-2', label: 'Laptop', createdAt: '2026-11-27T10:00:00.000Z' };

describe('the report keys panel (/admin/security)', () => {
  test('a treasurer makes a key, sees it once in a copyable field, then only its name; and revokes one', async () => {
    const { user, api } = await openAdmin('/admin/security', {
      'GET /api/staff/me': () => jsonResponse(sessionOf('treasurer')),
      'GET /api/staff/orders': () => jsonResponse({ orders: [], nextCursor: null }),
      'GET /api/staff/report-keys': () => jsonResponse({ keys: [older] }),
      'POST /api/staff/report-keys': () => jsonResponse({ key: made, secret: SECRET }, 201),
      'POST /api/staff/report-keys/key-1/revoke': () =>
        jsonResponse({ ...older, revokedAt: '2026-11-28T09:00:00.000Z' }),
    });
    const panel = await screen.findByRole('region', { name: 'Report keys' }, LAZY);
    expect(await within(panel).findByRole('rowheader', { name: 'Office PC' })).toBeInTheDocument();
    expect(within(panel).getByText('Never')).toBeInTheDocument();

    // An empty name is refused here, by field, and nothing is sent.
    await user.click(within(panel).getByRole('button', { name: 'Create report key' }));
    expect(await within(panel).findByText(/Key name is required/)).toBeInTheDocument();
    expect(api.requests('POST /api/staff/report-keys')).toEqual([]);

    await user.type(within(panel).getByLabelText('Key name (where it is used)'), 'Laptop');
    await user.click(within(panel).getByRole('button', { name: 'Create report key' }));
    const shown = await within(panel).findByRole('region', { name: 'New key “Laptop”' });
    expect(within(shown).getByText(reportKeyMessages.shownOnce)).toBeInTheDocument();
    const field = within(shown).getByLabelText('Report key');
    expect(field).toHaveValue(SECRET);
    expect(field).toHaveAttribute('readonly');
    expect(api.requests('POST /api/staff/report-keys').map((r) => r.body)).toEqual([{ label: 'Laptop' }]);
    expect(within(panel).getByRole('rowheader', { name: 'Laptop' })).toBeInTheDocument();

    await user.click(within(shown).getByRole('button', { name: 'I have saved it' }));
    expect(within(panel).queryByRole('region', { name: 'New key “Laptop”' })).toBeNull();
    expect(panel.textContent).not.toContain(SECRET);
    // A treasurer sees only their own keys: no member column.
    expect(within(panel).queryByRole('columnheader', { name: 'Member' })).toBeNull();

    await user.click(within(panel).getByRole('button', { name: 'Revoke Office PC' }));
    const row = (await within(panel).findByText('Revoked')).closest('tr');
    expect(row).not.toBeNull();
    expect(within(row as HTMLElement).getByRole('rowheader')).toHaveTextContent('Office PC');
    expect(api.requests('POST /api/staff/report-keys/key-1/revoke')).toHaveLength(1);
  });

  test("an owner sees every member's keys, with whose they are", async () => {
    await openAdmin('/admin/security', {
      'GET /api/staff/me': () => jsonResponse(sessionOf('owner')),
      'GET /api/staff/orders': () => jsonResponse({ orders: [], nextCursor: null }),
      'GET /api/staff/report-keys': () => jsonResponse({ keys: [{ ...older, username: 'ravi' }] }),
    });
    const panel = await screen.findByRole('region', { name: 'Report keys' }, LAZY);
    expect(await within(panel).findByRole('columnheader', { name: 'Member' })).toBeInTheDocument();
    expect(within(panel).getByRole('cell', { name: 'ravi' })).toBeInTheDocument();
  });

  test('an editor, who cannot read the report, has no report keys', async () => {
    const session = sessionOf('editor');
    await openAdmin('/admin/security', {
      'GET /api/staff/me': () => jsonResponse(session),
    });
    expect(await screen.findByRole('heading', { name: 'Security' }, LAZY)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Report keys' })).toBeNull();
  });
});
