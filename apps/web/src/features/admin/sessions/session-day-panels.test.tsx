/**
 * A session's page on the day and after: the doors' live counts (checked in of registered, each
 * door, the conflict, who is missing with whom to call) and the certificates (a mark saved as it is
 * chosen, "Send certificates" confirmed, sent ones locked); an editor, who does not work the doors,
 * sees the certificates only.
 */

import type { CompletionRow } from '@store/shared/certificates';
import type { CheckInCounts } from '@store/shared/check-in-sync';
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { jsonResponse } from '#src/test/render-app';
import { dallasSessionDetail } from '#src/test/staff-session-fixture';
import { LAZY, openAdmin, sessionOf } from '../admin-test-helpers';

const NORTH = '11111111-1111-4111-8111-111111111111';
const SOUTH = '22222222-2222-4222-8222-222222222222';
const checkIn = (id: string, deviceId: string, deviceName: string, scannedAt: string) => ({
  id,
  ticketId: '6f1c2b7e-3d4a-4b8e-9c1d-2e3f4a5b6c7d',
  deviceId,
  deviceName,
  scannedAt,
  receivedAt: scannedAt,
  method: 'scan' as const,
  guardian: null,
});

const counts: CheckInCounts = {
  sessionId: 4,
  registered: 5,
  checkedIn: 4,
  conflicts: [
    {
      ticketId: '6f1c2b7e-3d4a-4b8e-9c1d-2e3f4a5b6c7d',
      name: 'Asha Rao',
      kept: checkIn('33333333-3333-4333-8333-333333333333', NORTH, 'North door', '2027-05-15T13:41:00.000Z'),
      conflicting: checkIn('44444444-4444-4444-8444-444444444444', SOUTH, 'South door', '2027-05-15T13:52:00.000Z'),
    },
  ],
  devices: [{ deviceId: NORTH, deviceName: 'North door', kept: 4, lastReceivedAt: '2027-05-15T13:55:00.000Z' }],
  missing: [
    {
      ticketId: '55555555-5555-4555-8555-555555555555',
      name: 'Dhruv Das',
      category: 'Child',
      minor: true,
      phone: null,
      guardians: { mother: 'Meena Das', motherPhone: '512 555 0100', father: 'Kiran Das', fatherPhone: '512 555 0101' },
    },
  ],
  readAt: '2027-05-15T13:56:00.000Z',
};

const row = (overrides: Partial<CompletionRow>): CompletionRow => ({
  registrantId: '66666666-6666-4666-8666-666666666666',
  ticketNumber: '6F1C2B7E',
  name: 'Asha Rao',
  category: 'Memorization',
  minor: false,
  checkedIn: true,
  how: null,
  certificateQueuedAt: null,
  ...overrides,
});
const asha = row({});
const bala = row({
  registrantId: '77777777-7777-4777-8777-777777777777',
  ticketNumber: '7A7A7A7A',
  name: 'Bala Iyer',
  how: 'fluent_reading',
  certificateQueuedAt: '2027-05-16T10:00:00.000Z',
});
const SESSION = '/api/staff/sessions/4';

describe('a session’s doors and certificates', () => {
  test('an owner sees the doors live, marks a registrant, and sends the certificates once', async () => {
    const { user, api } = await openAdmin('/admin/sessions/4', {
      'GET /api/staff/me': () => jsonResponse(sessionOf('owner')),
      [`GET ${SESSION}`]: () => jsonResponse(dallasSessionDetail),
      [`GET ${SESSION}/waiting-list`]: () =>
        jsonResponse({ sessionId: 4, timeZone: 'America/Chicago', placesLeft: 3, canManage: true, families: [] }),
      [`GET ${SESSION}/check-ins`]: () => jsonResponse(counts),
      [`GET ${SESSION}/completions`]: () => jsonResponse({ sessionId: 4, rows: [asha, bala] }),
      [`PUT ${SESSION}/completions/${asha.registrantId}`]: () => jsonResponse({ ...asha, how: 'memory' }),
      [`POST ${SESSION}/certificates/send`]: () => jsonResponse({ queued: 1, alreadySent: 1 }),
    });
    const doors = await screen.findByRole('region', { name: 'Check-in at the door' }, LAZY);
    expect(await within(doors).findByText('4 of 5 checked in')).toBeInTheDocument();
    expect(within(doors).getByText('North door: 4 checked in, last sync 8:55 AM')).toBeInTheDocument();
    expect(
      within(doors).getByText('Asha Rao: kept from North door at 8:41 AM; South door at 8:52 AM came second'),
    ).toBeInTheDocument();
    expect(within(doors).getByRole('link', { name: '512 555 0100' })).toHaveAttribute('href', 'tel:512 555 0100');
    expect(within(doors).getByRole('link', { name: 'Open the door app' })).toHaveAttribute('href', '/check-in');

    const certificates = screen.getByRole('region', { name: 'Certificates' });
    await within(certificates).findByText('Bala Iyer');
    // Sent: locked, with the day it went.
    expect(within(certificates).queryByLabelText('Completed: Bala Iyer')).toBeNull();
    expect(within(certificates).getByText(/Certificate sent May 16, 2027/)).toBeInTheDocument();
    await user.selectOptions(within(certificates).getByLabelText('Completed: Asha Rao'), 'By memory');
    expect(await within(certificates).findByText('Saved')).toBeInTheDocument();
    expect(api.requests(`PUT ${SESSION}/completions/${asha.registrantId}`).map((r) => r.body)).toEqual([
      { how: 'memory' },
    ]);
    await user.click(within(certificates).getByRole('button', { name: 'Send certificates' }));
    expect(within(certificates).getByText(/^Send 1 certificate\?/)).toBeInTheDocument();
    await user.click(within(certificates).getByRole('button', { name: 'Yes, send' }));
    expect(await within(certificates).findByText('1 sent, 1 already sent.')).toBeInTheDocument();
    expect(api.requests(`POST ${SESSION}/certificates/send`)).toHaveLength(1);
  });

  test('an editor, who does not work the doors, sees the certificates only', async () => {
    await openAdmin('/admin/sessions/4', {
      'GET /api/staff/me': () => jsonResponse(sessionOf('editor')),
      [`GET ${SESSION}`]: () => jsonResponse(dallasSessionDetail),
      [`GET ${SESSION}/waiting-list`]: () =>
        jsonResponse({ sessionId: 4, timeZone: 'America/Chicago', placesLeft: 3, canManage: true, families: [] }),
      [`GET ${SESSION}/completions`]: () => jsonResponse({ sessionId: 4, rows: [asha] }),
    });
    await screen.findByRole('region', { name: 'Certificates' }, LAZY);
    expect(screen.queryByRole('region', { name: 'Check-in at the door' })).toBeNull();
  });
});
