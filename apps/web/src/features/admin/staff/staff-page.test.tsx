import type { StaffMember } from '@store/shared/staff';
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { jsonResponse } from '#src/test/render-app';
import { LAZY, openAdmin, sessionOf } from '../admin-test-helpers';

const maya: StaffMember = {
  id: 'm1',
  username: 'maya',
  email: null,
  role: 'owner',
  centerId: null,
  totpEnabled: true,
  disabled: false,
  codeStepLockedUntil: null,
  createdAt: '2026-11-01T10:00:00.000Z',
};
const ravi: StaffMember = { ...maya, id: 'm2', username: 'ravi', role: 'volunteer', centerId: 2, totpEnabled: false };

async function openStaff(handlers: Parameters<typeof openAdmin>[1] = {}) {
  const opened = await openAdmin('/admin/staff', {
    'GET /api/staff/me': () => jsonResponse(sessionOf('owner')),
    'GET /api/staff/members': () => jsonResponse({ members: [maya, ravi] }),
    ...handlers,
  });
  await screen.findByRole('table', { name: 'Staff' }, LAZY);
  return opened;
}

describe('the staff page (/admin/staff)', () => {
  test('lists the members with role, center, two-factor and status', async () => {
    await openStaff();
    const rows = within(screen.getByRole('table', { name: 'Staff' })).getAllByRole('row');
    expect(rows.map((row) => Array.from(row.children, (cell) => cell.textContent))).toEqual([
      ['Username', 'Role', 'Center', 'Two-factor', 'Status', 'Change'],
      ['maya', 'Owner', '–', 'On', 'Active', 'Edit'],
      ['ravi', 'Volunteer', expect.stringMatching(/Dallas Center, Texas|Center 2/), 'Off', 'Active', 'Edit'],
    ]);
  });

  test('adds a volunteer, who needs a center', async () => {
    const added: StaffMember = { ...ravi, id: 'm3', username: 'lakshmi', centerId: 3 };
    const { user, api } = await openStaff({ 'POST /api/staff/members': () => jsonResponse(added, 201) });
    const form = screen.getByRole('region', { name: 'Add a member' });
    await user.type(within(form).getByLabelText('Username'), 'lakshmi');
    await user.type(within(form).getByLabelText('First password'), 'a long first password');
    await user.type(within(form).getByLabelText('E-mail for security notices (optional)'), 'lakshmi@example.org');
    await user.click(within(form).getByRole('button', { name: 'Add member' }));
    expect(within(form).getByText('A volunteer needs a center.')).toBeInTheDocument();
    expect(api.requests('POST /api/staff/members')).toHaveLength(0);

    await user.selectOptions(await within(form).findByLabelText('Center'), 'Houston Center, Texas');
    await user.click(within(form).getByRole('button', { name: 'Add member' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('lakshmi is added.');
    expect(api.requests('POST /api/staff/members').map((r) => r.body)).toEqual([
      {
        username: 'lakshmi',
        password: 'a long first password',
        role: 'volunteer',
        centerId: 3,
        email: 'lakshmi@example.org',
      },
    ]);
    expect(
      within(screen.getByRole('table', { name: 'Staff' })).getByRole('rowheader', { name: 'lakshmi' }),
    ).toBeInTheDocument();
  });

  test('changes a role, disables a member and resets two-factor after a confirm', async () => {
    const { user, api } = await openStaff({
      'PATCH /api/staff/members/m1': ({ body }) => {
        const change = body as Partial<StaffMember> & { resetTotp?: true };
        return jsonResponse({ ...maya, ...change, ...(change.resetTotp ? { totpEnabled: false } : {}) });
      },
    });
    await user.click(screen.getByRole('button', { name: 'Edit maya' }));
    const editor = screen.getByRole('region', { name: 'Change maya' });
    await user.selectOptions(within(editor).getByLabelText('Role'), 'Treasurer');
    await user.click(within(editor).getByRole('button', { name: 'Save role' }));
    expect(await within(editor).findByRole('status')).toHaveTextContent('maya is now Treasurer.');

    await user.click(within(editor).getByRole('button', { name: 'Disable' }));
    expect(await within(editor).findByText('maya can no longer sign in.')).toBeInTheDocument();

    await user.click(within(editor).getByRole('button', { name: 'Reset two-factor' }));
    const confirm = within(editor).getByRole('group', { name: 'Confirm the two-factor reset' });
    await user.click(within(confirm).getByRole('button', { name: 'Reset two-factor' }));
    expect(await within(editor).findByText("maya's two-factor is cleared.")).toBeInTheDocument();

    expect(api.requests('PATCH /api/staff/members/m1').map((r) => r.body)).toEqual([
      { role: 'treasurer', centerId: null },
      { disabled: true },
      { resetTotp: true },
    ]);
  });

  test('unlocks a member whose code step is locked, and saves their e-mail address', async () => {
    const lockedUntil = new Date(Date.now() + 12 * 60_000).toISOString();
    const locked: StaffMember = {
      ...ravi,
      role: 'treasurer',
      centerId: null,
      totpEnabled: true,
      codeStepLockedUntil: lockedUntil,
    };
    const { user, api } = await openStaff({
      'GET /api/staff/members': () => jsonResponse({ members: [maya, locked] }),
      'POST /api/staff/members/m2/code-step/unlock': () => jsonResponse({ ...locked, codeStepLockedUntil: null }),
      'PATCH /api/staff/members/m2': ({ body }) =>
        jsonResponse({ ...locked, codeStepLockedUntil: null, email: (body as { email: string }).email }),
    });
    const table = screen.getByRole('table', { name: 'Staff' });
    expect(
      within(within(table).getByRole('rowheader', { name: 'ravi' }).closest('tr') as HTMLElement).getByText('Locked'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit ravi' }));
    const editor = screen.getByRole('region', { name: 'Change ravi' });
    expect(
      within(editor).getByText(/Two-factor sign-in for ravi is paused after 10 wrong codes, until/),
    ).toBeInTheDocument();
    await user.click(within(editor).getByRole('button', { name: 'Unlock two-factor sign-in' }));
    expect(await within(editor).findByRole('status')).toHaveTextContent('ravi may enter two-factor codes again.');
    expect(within(editor).queryByRole('button', { name: 'Unlock two-factor sign-in' })).not.toBeInTheDocument();
    expect(within(table).queryByText('Locked')).not.toBeInTheDocument();
    expect(api.requests('POST /api/staff/members/m2/code-step/unlock')).toHaveLength(1);

    const email = within(editor).getByLabelText('E-mail for security notices');
    await user.type(email, 'ravi@example');
    await user.click(within(editor).getByRole('button', { name: 'Save e-mail' }));
    expect(await within(editor).findByText('E-mail must be an e-mail address.')).toBeInTheDocument();
    await user.type(email, '.org');
    await user.click(within(editor).getByRole('button', { name: 'Save e-mail' }));
    expect(await within(editor).findByRole('status')).toHaveTextContent("ravi's e-mail address is saved.");
    // The address was checked with the server's schema before anything was sent.
    expect(api.requests('PATCH /api/staff/members/m2').map((r) => r.body)).toEqual([{ email: 'ravi@example.org' }]);
  });
});
