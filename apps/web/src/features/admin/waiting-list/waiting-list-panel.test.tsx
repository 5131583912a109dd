/**
 * A session's waiting list (/admin/sessions/:id/waiting-list, the panel the session page shows): the
 * line in order with each family's offer, an editor's move up and offer by hand (the line as the
 * server answers it), the server's refusal said, and a volunteer reading without the buttons.
 */
import type { WaitingFamily, WaitingList } from '@store/shared/waiting-list';
import { waitingListTexts } from '@store/shared/waiting-list';
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { jsonResponse } from '#src/test/render-app';
import { LAZY, openAdmin, sessionOf } from '../admin-test-helpers';

function family(position: number, overrides: Partial<WaitingFamily> = {}): WaitingFamily {
  return {
    registrationId: `0000000${position}-0000-4000-8000-000000000000`,
    registrationNumber: `BGM-00004${position}`,
    position,
    firstName: `Parent${position}`,
    lastName: 'Rao',
    email: `parent${position}@example.org`,
    people: position,
    joinedAt: '2026-11-20T17:00:00.000Z',
    status: 'waiting',
    offerExpiresAt: null,
    ...overrides,
  };
}

const line = (families: WaitingFamily[], canManage = true, placesLeft = 0): WaitingList => ({
  sessionId: 4,
  timeZone: 'America/Los_Angeles',
  placesLeft,
  canManage,
  families,
});

const first = family(1, { status: 'offered', offerExpiresAt: '2026-11-30T15:37:00.000Z' });
const second = family(2);
const third = family(3);
const URL = '/api/staff/sessions/4/waiting-list';

describe('a session’s waiting list', () => {
  test('shows the line in order; an editor moves a family up (the new line shown), and a refused offer says why', async () => {
    const { user, api } = await openAdmin('/admin/sessions/4/waiting-list', {
      'GET /api/staff/me': () => jsonResponse(sessionOf('editor')),
      [`GET ${URL}`]: () => jsonResponse(line([first, second, third])),
      [`POST ${URL}/${third.registrationId}/move-up`]: () =>
        jsonResponse(line([first, { ...third, position: 2 }, { ...second, position: 3 }])),
      [`POST ${URL}/${second.registrationId}/offer`]: () =>
        jsonResponse(
          {
            error: {
              code: 'not_enough_places',
              message: waitingListTexts.notEnoughForFamily(0, 2),
              fields: { registrationId: 'x' },
            },
          },
          409,
        ),
    });
    const table = await screen.findByRole('table', { name: 'Waiting list' }, LAZY);
    const [, one, two, three] = within(table).getAllByRole('row');
    expect(one).toHaveTextContent('BGM-000041');
    expect(one).toHaveTextContent('Offered, held until Nov 30, 2026, 7:37 AM');
    expect(two).toHaveTextContent('parent2@example.org');
    expect(within(one as HTMLElement).getByRole('button', { name: /Move up/ })).toBeDisabled();
    expect(within(one as HTMLElement).getByRole('button', { name: /Send an offer/ })).toBeDisabled();

    await user.click(
      within(three as HTMLElement).getByRole('button', { name: `Move up: ${third.registrationNumber}` }),
    );
    expect(await screen.findByText(`${third.registrationNumber} moved up one place.`)).toBeInTheDocument();
    const [, , newTwo] = within(screen.getByRole('table', { name: 'Waiting list' })).getAllByRole('row');
    expect(newTwo).toHaveTextContent(third.registrationNumber);
    expect(api.requests(`POST ${URL}/${third.registrationId}/move-up`)).toHaveLength(1);

    const [, , , newThree] = within(screen.getByRole('table', { name: 'Waiting list' })).getAllByRole('row');
    await user.click(
      within(newThree as HTMLElement).getByRole('button', { name: `Send an offer: ${second.registrationNumber}` }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(waitingListTexts.notEnoughForFamily(0, 2));
  });

  test('a volunteer reads the line without the buttons', async () => {
    await openAdmin('/admin/sessions/4/waiting-list', {
      'GET /api/staff/me': () => jsonResponse(sessionOf('volunteer')),
      [`GET ${URL}`]: () => jsonResponse(line([second], false)),
    });
    const table = await screen.findByRole('table', { name: 'Waiting list' }, LAZY);
    expect(within(table).queryByRole('button')).toBeNull();
  });

  test('an empty line says so', async () => {
    await openAdmin('/admin/sessions/4/waiting-list', {
      'GET /api/staff/me': () => jsonResponse(sessionOf('owner')),
      [`GET ${URL}`]: () => jsonResponse(line([], true, 3)),
    });
    expect(await screen.findByText(waitingListTexts.emptyLine, {}, LAZY)).toBeInTheDocument();
    expect(screen.getByText('0 families waiting, 3 places free.')).toBeInTheDocument();
  });
});
