/**
 * The family's page against a fetch that answers like GET/POST /api/public/registrations/yours…:
 * the token travels in a header, each state reads as it should (registered with tickets, waiting,
 * cancelled, an expired or forged link with "Lost your link?"), a cancel asks first, an edit is held
 * to the form's rules, and "Lost your link?" says the same whatever the address.
 */
import type { FamilyRegistration } from '@store/shared/family-registration';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import { stubApi } from '#src/test/checkout-doubles';
import { jsonResponse } from '#src/test/render-app';
import { clientConfigOff } from './registration-test-helpers';
import { YoursPage } from './yours-page';

const TOKEN = '7b0c1f7e-58f8-4a4f-9a47-1f4b1d0b6f11.abc.signature';
const GET = 'GET /api/public/registrations/yours';

const person = {
  position: 1,
  age: 42,
  email: 'asha@example.org',
  firstName: 'Asha',
  lastName: 'Rao',
  gender: 'Female' as const,
  phone: '512 555 0100',
  category: 'Memorization' as const,
  mothersName: '',
  mothersPhone: '',
  fathersName: '',
  fathersPhone: '',
  country: 'US',
  state: 'TX',
  city: 'Frisco',
  zip: '75034',
  cancelled: false,
  ticketId: '0b7c9d8e-1f2a-4b3c-8d4e-5f6a7b8c9d0e',
};

function registered(overrides: Partial<FamilyRegistration> = {}): FamilyRegistration {
  return {
    registrationNumber: 'BGM-000042',
    status: 'registered',
    waitingPosition: null,
    offerExpiresAt: null,
    session: {
      id: 2,
      centerName: 'Dallas Center, Texas',
      hall: 'Datta Auditorium',
      address: '4455 Legacy Dr, Frisco, TX 75034',
      startsAt: '2027-05-15T14:00:00.000Z',
      timeZone: 'America/Chicago',
    },
    changesCloseAt: '2027-05-14T14:00:00.000Z',
    changesOpen: true,
    people: [
      person,
      {
        ...person,
        position: 2,
        age: 9,
        firstName: 'Anu',
        phone: '',
        category: '',
        mothersName: 'Asha Rao',
        mothersPhone: '512 555 0100',
        fathersName: 'Ravi Rao',
        fathersPhone: '512 555 0101',
        ticketId: '1b7c9d8e-1f2a-4b3c-8d4e-5f6a7b8c9d0e',
      },
    ],
    moveTargets: [
      {
        id: 3,
        centerName: 'Houston Center, Texas',
        hall: 'Main hall',
        address: '1 Main St',
        startsAt: '2027-05-15T14:00:00.000Z',
        timeZone: 'America/Chicago',
        placesLeft: 40,
        availability: 'open',
      },
    ],
    ...overrides,
  };
}

async function openPage(handlers: Parameters<typeof stubApi>[0], search = `?token=${encodeURIComponent(TOKEN)}`) {
  const api = stubApi({ 'GET /api/public/client-config': clientConfigOff, ...handlers });
  const user = userEvent.setup();
  await act(async () =>
    render(
      <MemoryRouter initialEntries={[`/registration/yours${search}`]}>
        <YoursPage />
      </MemoryRouter>,
    ),
  );
  return { user, api };
}

describe('the family page', () => {
  test('shows the registration, its session and tickets, sending the token in a header only', async () => {
    const { api } = await openPage({ [GET]: () => jsonResponse(registered()) });
    expect(await screen.findByText('BGM-000042')).toBeTruthy();
    expect(screen.getByText('Registered')).toBeTruthy();
    expect(screen.getByText(/Datta Auditorium/)).toBeTruthy();
    const summary = within(screen.getByRole('region', { name: 'Registration' }));
    expect(summary.getByText(/Saturday, May 15, 2027 at 9:00\s?AM CDT/)).toBeTruthy();
    expect(screen.getByText(/You can change or cancel until/)).toBeTruthy();
    expect(screen.getByText(person.ticketId)).toBeTruthy();
    const pdf = screen.getByRole('link', { name: 'Download tickets (PDF)' });
    expect(pdf.getAttribute('href')).toBe(`/api/public/registrations/tickets.pdf?token=${encodeURIComponent(TOKEN)}`);
    const [request] = api.requests(GET);
    expect(request?.headers.get('x-family-token')).toBe(TOKEN);
    expect(request?.url.search).toBe('');
  });

  test('shows a waiting family its place in line, with no tickets to download', async () => {
    const waiting = registered({
      status: 'waiting',
      waitingPosition: 3,
      people: [{ ...person, ticketId: null }],
    });
    await openPage({ [GET]: () => jsonResponse(waiting) });
    expect(await screen.findByText('On the waiting list: number 3 in line')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Download tickets (PDF)' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Move everyone to another session' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Leave the waiting list' })).toBeTruthy();
  });

  test('after the cut-off shows no change buttons and says changes closed', async () => {
    await openPage({ [GET]: () => jsonResponse(registered({ changesOpen: false, moveTargets: [] })) });
    expect(await screen.findByText(/^Changes closed at/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit details' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel the whole registration' })).toBeNull();
  });

  test('an expired link says so and offers "Lost your link?", which answers the same for any address', async () => {
    const { user, api } = await openPage({
      [GET]: () => jsonResponse({ error: { code: 'invalid_token', message: 'expired' } }, 410),
      'POST /api/public/registrations/lost-link': () =>
        jsonResponse({ message: 'If this address registered anyone, a link is on its way.' }, 202),
    });
    expect(await screen.findByText(/This link has expired/)).toBeTruthy();
    await user.type(screen.getByLabelText('E-mail'), 'asha@example.org');
    await user.click(screen.getByRole('button', { name: 'Send me my link' }));
    expect(await screen.findByText('If this address registered anyone, a link is on its way.')).toBeTruthy();
    const [sent] = api.requests('POST /api/public/registrations/lost-link');
    expect(sent?.body).toEqual({ email: 'asha@example.org' });
    expect(sent?.headers.get('x-captcha-action')).toBe('lost_link');
  });

  test('a page without a token, or a forged one, says the link is not valid', async () => {
    await openPage({}, '');
    expect(await screen.findByText(/This link is not valid/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Lost your link?' })).toBeTruthy();
  });

  test('cancelling a registrant asks first, then shows them cancelled', async () => {
    const { user, api } = await openPage({
      [GET]: () => jsonResponse(registered()),
      'POST /api/public/registrations/yours/registrants/2/cancel': () => {
        const now = registered();
        const [first, second] = now.people;
        if (!first || !second) throw new Error('fixture');
        return jsonResponse({ ...now, people: [first, { ...second, cancelled: true, ticketId: null }] });
      },
    });
    await screen.findByText('BGM-000042');
    const anu = screen.getByText(/2\. Anu Rao/).closest('li');
    if (!anu) throw new Error('no card');
    await user.click(within(anu).getByRole('button', { name: 'Cancel this registrant' }));
    expect(api.requests('POST /api/public/registrations/yours/registrants/2/cancel')).toHaveLength(0);
    expect(within(anu).getByText(/Cancel Anu Rao\?/)).toBeTruthy();
    await user.click(within(anu).getByRole('button', { name: 'Yes, cancel' }));
    expect(await screen.findByText('Saved. A confirmation e-mail is on its way.')).toBeTruthy();
    expect(within(anu).getByText('(Cancelled)')).toBeTruthy();
    expect(
      api.requests('POST /api/public/registrations/yours/registrants/2/cancel')[0]?.headers.get('x-family-token'),
    ).toBe(TOKEN);
  });

  test("an edit is held to the form's rules and messages before anything is sent", async () => {
    const { user, api } = await openPage({ [GET]: () => jsonResponse(registered()) });
    await screen.findByText('BGM-000042');
    const asha = screen.getByText(/1\. Asha Rao/).closest('li');
    if (!asha) throw new Error('no card');
    await user.click(within(asha).getByRole('button', { name: 'Edit details' }));
    await user.clear(within(asha).getByLabelText('First name'));
    await user.clear(within(asha).getByLabelText('Phone'));
    await user.click(within(asha).getByRole('button', { name: 'Save changes' }));
    expect(await within(asha).findByText('First name required')).toBeTruthy();
    expect(within(asha).getByText('Phone required')).toBeTruthy();
    expect(api.requests('PATCH /api/public/registrations/yours/registrants/1')).toHaveLength(0);
  });

  test('a move the server refuses shows its reason beside the choice', async () => {
    const refusal =
      'Only 1 place is left in this session for 2 people. You may put everyone on the waiting list, or choose another session.';
    const { user } = await openPage({
      [GET]: () => jsonResponse(registered()),
      'POST /api/public/registrations/yours/move': () =>
        jsonResponse({ error: { code: 'not_enough_places', message: refusal, fields: { sessionId: refusal } } }, 409),
    });
    await screen.findByText('BGM-000042');
    await user.selectOptions(screen.getByLabelText('Where will you recite?'), '3');
    await user.click(screen.getByRole('button', { name: 'Move' }));
    expect(await screen.findAllByText(refusal)).not.toHaveLength(0);
  });
});
