import type { StaffEventSession } from '@store/shared/staff-event-sessions';
import { describe, expect, it, vi } from 'vitest';
import { checkInList, doorKeys, ticketIdStartingWith } from '#src/test/check-in-list-fixture';
import { stubApi } from '#src/test/checkout-doubles';
import { jsonResponse } from '#src/test/render-app';
import { downloadList } from './download-list';
import { listSessions } from './list-sessions';

const LIST = 'GET /api/staff/sessions/7/check-in-list';

function session(id: number, startsAt: string, archived = false): StaffEventSession {
  return {
    id,
    centerId: 2,
    centerName: 'Dallas Center, Texas',
    hall: `Hall ${id}`,
    address: '4455 Legacy Dr, Frisco, TX 75034',
    startsAt,
    timeZone: 'America/Chicago',
    capacity: 20,
    memorizationCapacity: null,
    fluentReadingCapacity: null,
    taken: 0,
    availability: 'open',
    archived,
    figures: {
      registered: 0,
      placesLeft: 20,
      waitingFamilies: 0,
      waitingPeople: 0,
      offeredFamilies: 0,
      offeredPeople: 0,
      minors: 0,
      adults: 0,
      memorization: 0,
      fluentReading: 0,
    },
  };
}

describe('downloadList', () => {
  it('returns the session list as the server sent it, with the staff cookie', async () => {
    const list = await checkInList(await doorKeys(), 7, [
      { ticketId: ticketIdStartingWith('ab', 1), name: 'Asha Rao' },
    ]);
    const { fetchMock } = stubApi({ [LIST]: () => jsonResponse(list) });
    expect(await downloadList(7)).toEqual(list);
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe('same-origin');
  });

  it("gives the server's refusal, the sign-in and the network in words to show", async () => {
    stubApi({
      [LIST]: () =>
        jsonResponse({ error: { code: 'other_center', message: 'This session is the Toronto Center’s.' } }, 403),
    });
    await expect(downloadList(7)).rejects.toThrow('This session is the Toronto Center’s.');
    stubApi({ [LIST]: () => jsonResponse({ error: { code: 'unauthorized', message: 'Sign in.' } }, 401) });
    await expect(downloadList(7)).rejects.toThrow('Sign in to the back office first.');
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(downloadList(7)).rejects.toThrow('The list can only be downloaded with a network.');
  });

  it('refuses an answer that is not a check-in list', async () => {
    stubApi({ [LIST]: () => jsonResponse({ tickets: 'none' }) });
    await expect(downloadList(7)).rejects.toThrow('unexpected shape');
  });
});

describe('listSessions', () => {
  it('lists the sessions staff may open, soonest first, leaving the archived out', async () => {
    const sessions = [
      session(1, '2027-06-01T14:00:00.000Z'),
      session(2, '2027-05-15T14:00:00.000Z'),
      session(3, '2027-05-01T14:00:00.000Z', true),
    ];
    stubApi({ 'GET /api/staff/sessions': () => jsonResponse({ sessions }) });
    expect((await listSessions()).map((s) => s.id)).toEqual([2, 1]);
  });
});
