/**
 * Where the family recites: the session choice before the cards, its places, and the refusal when a
 * session has fewer places than the family (all or nothing), against a fetch that answers like
 * GET /api/public/event/sessions and POST /api/public/registrations.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { deferred } from '#src/test/checkout-doubles';
import { jsonResponse } from '#src/test/render-app';
import {
  card,
  fillAdult,
  openRegistration,
  sessionRadio,
  sessionsAnswer,
  sessionsFixture,
  stored,
  submitButton,
} from './registration-test-helpers';

const POST = 'POST /api/public/registrations';
const SESSIONS = 'GET /api/public/event/sessions';
const choice = () => screen.getByRole('group', { name: 'Where will you recite?' });

const notEnoughPlaces = () =>
  jsonResponse(
    {
      error: {
        code: 'not_enough_places',
        message:
          'Only 2 places are left in this session for 3 people. You may put everyone on the waiting list, or choose another session.',
        fields: {
          sessionId:
            'Only 2 places are left in this session for 3 people. You may put everyone on the waiting list, or choose another session.',
        },
      },
    },
    409,
  );

describe('the session choice (/registration)', () => {
  test('shows each session once, before the cards: center, hall, its own time, address and places', async () => {
    await openRegistration({}, { session: null });
    const group = choice();
    const radios = await within(group).findAllByRole('radio');
    expect(radios).toHaveLength(3);
    // Before the first card in the page's order.
    expect(group.compareDocumentPosition(card('Registrant 1')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(radios[0]).toHaveAccessibleName(
      'Dallas Center Main hall Sat, May 15, 2027, 9:00 AM CDT 4455 Legacy Dr, Frisco, TX 75034 212 places left',
    );
    expect(radios[1]).toHaveAccessibleName(
      'Bay Area Center Main prayer hall Sat, May 15, 2027, 9:00 AM PDT 1201 Mission Blvd, Fremont, CA 94539 Almost full · 2 places left',
    );
    expect(radios[2]).toHaveAccessibleName(
      'Houston Center Community room Sat, May 15, 2027, 10:30 AM CDT 10 Main St, Houston, TX 77002 Full: join the waiting list',
    );
    for (const radio of radios) expect(radio).not.toBeChecked();
  });

  test("Submit without a session says 'Choose where to recite' at the choice, focuses it and sends nothing", async () => {
    const { user, api } = await openRegistration({ [POST]: () => stored({ registrants: 1 }) }, { session: null });
    await fillAdult(user, card('Registrant 1'));
    await user.click(submitButton());

    const group = choice();
    expect(await within(group).findByText('Choose where to recite')).toBeInTheDocument();
    expect(group).toHaveAccessibleDescription('Choose where to recite');
    await waitFor(() => expect(within(group).getAllByRole('radio')[0]).toHaveFocus());
    expect(api.requests(POST)).toHaveLength(0);

    await user.click(await sessionRadio('Dallas Center'));
    // Answered: the message goes at once, not at the next Submit.
    expect(within(group).queryByText('Choose where to recite')).toBeNull();
    await user.click(submitButton());
    await screen.findByRole('region', { name: 'Registration received' });
    expect(api.requests(POST)[0]?.body).toMatchObject({ sessionId: 1, ifFull: 'refuse' });
  });

  test('says it is loading, then why the sessions could not be read, and tries again', async () => {
    let online = false;
    const answer = deferred<Response>();
    await openRegistration({ [SESSIONS]: () => (online ? sessionsAnswer() : answer.promise) }, { session: null });
    expect(within(choice()).getByText('Loading the sessions…')).toBeInTheDocument();
    expect(choice()).toHaveAttribute('aria-busy', 'true');

    await act(async () => answer.resolve(jsonResponse({ error: { code: 'internal', message: 'Server error.' } }, 500)));
    const alert = await within(choice()).findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the sessions.');
    online = true;
    await act(async () => within(alert).getByRole('button', { name: 'Try again' }).click());
    expect(await within(choice()).findAllByRole('radio')).toHaveLength(3);
  });

  test('a full session chosen on purpose asks for the waiting list; the answer says the place in line', async () => {
    const { user, api } = await openRegistration(
      {
        [POST]: () =>
          stored({
            status: 'waiting',
            waitingPosition: 5,
            registrants: 1,
            people: [{ position: 1, firstName: 'Asha', lastName: 'Rao', ticketId: null }],
          }),
      },
      { session: 'Houston Center' },
    );
    await fillAdult(user, card('Registrant 1'));
    await user.click(submitButton());
    const summary = await screen.findByRole('region', { name: 'Registration received' });
    expect(summary).toHaveTextContent('You are number 5 on the waiting list.');
    expect(api.requests(POST)[0]?.body).toMatchObject({ sessionId: 3, ifFull: 'waitlist' });
  });

  test('too few places: the message at the choice, every field kept, then the whole family joins the waiting list', async () => {
    let calls = 0;
    const { user, api } = await openRegistration(
      {
        [POST]: () =>
          ++calls === 1 ? notEnoughPlaces() : stored({ status: 'waiting', waitingPosition: 2, registrants: 1 }),
      },
      { session: 'Bay Area Center' },
    );
    await fillAdult(user, card('Registrant 1'));
    await user.click(submitButton());

    const notice = await within(choice()).findByRole('alert');
    expect(notice).toHaveTextContent('Only 2 places are left in this session for 3 people.');
    await waitFor(() => expect(notice).toHaveFocus());
    // Told once, at the choice: not again under Submit.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(within(card('Asha Rao')).getByLabelText('Phone')).toHaveValue('+1 512 555 0100');
    expect(await sessionRadio('Bay Area Center')).toBeChecked();
    // The choice is read again, for the places left now.
    await waitFor(() => expect(api.requests(SESSIONS)).toHaveLength(2));

    await user.click(within(notice).getByRole('button', { name: 'Put everyone on the waiting list' }));
    const summary = await screen.findByRole('region', { name: 'Registration received' });
    expect(summary).toHaveTextContent('You are number 2 on the waiting list.');
    const [refused, waiting] = api.requests(POST);
    expect(refused?.body).toMatchObject({ sessionId: 2, ifFull: 'refuse' });
    expect(waiting?.body).toEqual({ ...(refused?.body as object), ifFull: 'waitlist' });
    expect(waiting?.headers.get('Idempotency-Key')).not.toBe(refused?.headers.get('Idempotency-Key'));
  });

  test('too few places, then another session: the message goes and the family registers there', async () => {
    let calls = 0;
    const { user, api } = await openRegistration(
      {
        [POST]: () => (++calls === 1 ? notEnoughPlaces() : stored({ registrants: 1 })),
        [SESSIONS]: () =>
          sessionsAnswer(
            calls === 0
              ? sessionsFixture
              : sessionsFixture.map((s) => (s.id === 2 ? { ...s, placesLeft: 0, availability: 'full' as const } : s)),
          ),
      },
      { session: 'Bay Area Center' },
    );
    await fillAdult(user, card('Registrant 1'));
    await user.click(submitButton());
    await within(choice()).findByRole('alert');
    // The refreshed list shows the places as they are now.
    expect(await sessionRadio('Bay Area Center')).toHaveAccessibleName(/Full: join the waiting list$/);

    await user.click(await sessionRadio('Dallas Center'));
    expect(within(choice()).queryByRole('alert')).toBeNull();
    await user.click(submitButton());
    await screen.findByRole('region', { name: 'Registration received' });
    expect(api.requests(POST)[1]?.body).toMatchObject({ sessionId: 1, ifFull: 'refuse' });
  });
});
