/**
 * /registration/offer?token=…: what is offered and until when (in the session's zone), accepting it
 * (the token sent, then who is registered with their tickets), and the lapsed and invalid links.
 */
import { i18n } from '@lingui/core';
import { waitingListTexts } from '@store/shared/waiting-list';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import { App } from '#src/app/app';
import { stubApi } from '#src/test/checkout-doubles';
import { jsonResponse } from '#src/test/render-app';

const LAZY = { timeout: 10_000 } as const;
const TOKEN = '0b6f3c1e-2a4d-4c8e-9f10-7a5b3c2d1e09.tpbnf1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
const SESSION = {
  id: 3,
  centerName: 'Bay Area Center, California',
  hall: 'Main prayer hall',
  address: '1201 Mission Blvd, Fremont, CA 94539',
  startsAt: '2027-05-15T16:00:00.000Z',
  timeZone: 'America/Los_Angeles',
};
const OFFER = {
  registrationNumber: 'BGM-000042',
  status: 'open',
  expiresAt: '2026-11-30T15:37:00.000Z',
  session: SESSION,
  people: [
    { position: 1, firstName: 'Lakshmi', lastName: 'Rao' },
    { position: 2, firstName: 'Anu', lastName: 'Rao' },
  ],
};
const ACCEPTED = {
  registrationNumber: 'BGM-000042',
  status: 'registered',
  email: 'lakshmi@example.org',
  session: SESSION,
  people: [
    { position: 1, firstName: 'Lakshmi', lastName: 'Rao', ticketId: '6f1c1d2e-0000-4000-8000-000000000001' },
    { position: 2, firstName: 'Anu', lastName: 'Rao', ticketId: '7a2b3c4d-0000-4000-8000-000000000002' },
  ],
};

async function open(handlers: Parameters<typeof stubApi>[0], token = TOKEN) {
  const api = stubApi(handlers);
  await act(async () =>
    render(
      <MemoryRouter initialEntries={[`/registration/offer?token=${encodeURIComponent(token)}`]}>
        <App />
      </MemoryRouter>,
    ),
  );
  await screen.findByRole('heading', { level: 1, name: waitingListTexts.offerTitle }, LAZY);
  return api;
}

describe('/registration/offer', () => {
  test('shows who is offered places, where, and until when in the session’s zone; accepting lists the tickets', async () => {
    const api = await open({
      'GET /api/public/waitlist/offer': () => jsonResponse(OFFER),
      'POST /api/public/waitlist/accept': () => jsonResponse(ACCEPTED),
    });
    expect(await screen.findByText('Lakshmi Rao', {}, LAZY)).toBeInTheDocument();
    expect(screen.getByText('Saturday, May 15, 2027 at 9:00 AM PDT')).toBeInTheDocument();
    expect(
      screen.getByText(i18n._(waitingListTexts.heldUntil, { when: 'Monday, November 30, 2026 at 7:37 AM PST' })),
    ).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: waitingListTexts.accept }));
    expect(await screen.findByRole('heading', { name: waitingListTexts.acceptedTitle })).toBeInTheDocument();
    expect(screen.getByText('Your tickets are on their way')).toBeInTheDocument();
    expect(screen.getByText(/ticket 6f1c1d2e/)).toBeInTheDocument();
    expect(api.requests('POST /api/public/waitlist/accept').map((r) => r.body)).toEqual([{ token: TOKEN }]);
  });

  test('an offer that passed says so, and offers no button', async () => {
    await open({ 'GET /api/public/waitlist/offer': () => jsonResponse({ ...OFFER, status: 'lapsed' }) });
    expect(await screen.findByText(waitingListTexts.offerClosed, {}, LAZY)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: waitingListTexts.accept })).toBeNull();
  });

  test('an offer that lapses while the page is open: accepting says why, and the places are not claimed', async () => {
    const closed = { error: { code: 'offer_closed', message: waitingListTexts.offerClosed } };
    await open({
      'GET /api/public/waitlist/offer': () => jsonResponse(OFFER),
      'POST /api/public/waitlist/accept': () => jsonResponse(closed, 409),
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: waitingListTexts.accept }, LAZY));
    expect(await screen.findByRole('alert')).toHaveTextContent(waitingListTexts.offerClosed);
    expect(screen.queryByText('Your tickets are on their way')).toBeNull();
  });

  test('a link that is not valid says so', async () => {
    const refused = { error: { code: 'invalid_token', message: waitingListTexts.invalidLink, fields: { token: 'x' } } };
    await open({ 'GET /api/public/waitlist/offer': () => jsonResponse(refused, 400) });
    expect(await screen.findByText(waitingListTexts.invalidLink, {}, LAZY)).toBeInTheDocument();
  });
});
