/**
 * Submitting a registration (the addition to SPEC.md: stored and confirmed) against a fetch
 * that answers like POST /api/public/registrations: headers, body, confirmation, failures, double clicks.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { deferred } from '#src/test/checkout-doubles';
import { jsonResponse } from '#src/test/render-app';
import { card, enter, fillAdult, fillMinor, openRegistration, stored, submitButton } from './registration-test-helpers';

const POST = 'POST /api/public/registrations';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * An adult and a minor: the first registrant's email carries over to the second, and "Same family
 * details as registrant 1" (ticked) their surname and address.
 */
async function fillFamily(user: UserEvent) {
  await fillAdult(user, card('Registrant 1'));
  await user.click(screen.getByRole('button', { name: 'Add Another Registrant' }));
  await fillMinor(user, await screen.findByRole('region', { name: 'Registrant 2' }), { sameFamily: true });
}

const adult = {
  age: 34,
  email: 'asha@example.org',
  firstName: 'Asha',
  lastName: 'Rao',
  gender: 'Female',
  phone: '+1 512 555 0100',
  category: 'Fluent Reading',
  mothersName: '',
  mothersPhone: '',
  fathersName: '',
  fathersPhone: '',
  country: 'US',
  state: 'TX',
  city: 'Austin',
  zip: '78701',
};
const minor = {
  ...adult,
  age: 12,
  firstName: 'Ravi',
  gender: 'Male',
  phone: '',
  category: '',
  mothersName: 'Asha Rao',
  mothersPhone: '512 555 0100',
  fathersName: 'Kiran Rao',
  fathersPhone: '512 555 0101',
};

describe('submitting a registration', () => {
  test('stores a minor and an adult, shows who was registered where, and "Register more people" starts a blank form', async () => {
    const { user, api } = await openRegistration({ [POST]: () => stored() });
    await fillFamily(user);
    await user.click(submitButton());

    const confirmation = await screen.findByRole('region', { name: 'Registration received' });
    expect(confirmation).toHaveTextContent('Your registration number is BGM-000042.');
    expect(confirmation).toHaveTextContent('A confirmation has been sent to asha@example.org.');
    expect(confirmation).toHaveTextContent('Dallas Center');
    expect(confirmation).toHaveTextContent('Main hall');
    expect(confirmation).toHaveTextContent('Sat, May 15, 2027, 9:00 AM CDT');
    expect(
      within(confirmation)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Asha Rao Ticket 3F1C2A9E · Ticket sent to asha@example.org',
      'Ravi Rao Ticket 8A7B6C5D · Ticket sent to asha@example.org',
    ]);
    expect(confirmation).toHaveFocus();
    // The summary stands in the form's place: no blank form under "Registration received".
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();

    const [request, ...more] = api.requests(POST);
    expect(more).toHaveLength(0);
    // What a family would have typed: the copied surname and address are the minor's own fields.
    expect(request?.body).toEqual({ sessionId: 1, ifFull: 'refuse', registrants: [adult, minor] });
    expect(request?.headers.get('Content-Type')).toBe('application/json');
    expect(request?.headers.get('Idempotency-Key')).toMatch(UUID);
    expect(request?.headers.get('X-Captcha-Action')).toBe('registration');
    expect(request?.headers.get('X-Captcha-Token')).toBe('off');

    // "Register more people": one blank registrant, open, no Remove, and no session chosen.
    await user.click(within(confirmation).getByRole('button', { name: 'Register more people' }));
    expect(screen.queryByRole('region', { name: 'Registration received' })).toBeNull();
    const blank = await screen.findByRole('region', { name: 'Registrant 1' });
    expect(screen.queryByRole('button', { name: /Registrant 2|Ravi|Asha/ })).toBeNull();
    for (const label of ['Email', 'First Name', 'Last Name', 'City', 'Zip / Postal Code', 'State / Province']) {
      expect(within(blank).getByLabelText(label)).toHaveValue('');
    }
    expect(within(blank).getByLabelText('Age')).toHaveValue(null);
    expect(within(blank).getByLabelText('Country')).toHaveValue('');
    expect(within(blank).queryByText(/required/)).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(submitButton()).toHaveTextContent('Submit');
    for (const radio of await screen.findAllByRole('radio')) expect(radio).not.toBeChecked();
  });

  test("reads 'Submitting...' and is disabled while sending; a double click sends one registration", async () => {
    const answer = deferred<Response>();
    const { user, api } = await openRegistration({ [POST]: () => answer.promise });
    await fillAdult(user, card('Registrant 1'));

    await user.dblClick(submitButton());
    // Enter in a field submits the form whatever the button's state: pressed twice more, quickly.
    const form = submitButton().closest('form');
    if (!form) throw new Error('Submit is not in a form');
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => expect(submitButton()).toHaveTextContent('Submitting...'));
    expect(submitButton()).toBeDisabled();
    await waitFor(() => expect(api.requests(POST)).toHaveLength(1));

    await act(async () => answer.resolve(stored({ registrants: 1 })));
    await screen.findByRole('region', { name: 'Registration received' });
    expect(api.requests(POST)).toHaveLength(1);
  });

  test("the server's field errors show at their inputs, in the card they belong to, with its message", async () => {
    const { user } = await openRegistration({
      [POST]: () =>
        jsonResponse(
          {
            error: {
              code: 'validation_failed',
              message: 'Please correct the highlighted fields.',
              fields: { 'registrants.1.mothersPhone': 'Enter a phone number (digits, spaces, + ( ) -)' },
            },
          },
          400,
        ),
    });
    await fillFamily(user);
    await user.click(screen.getByRole('button', { name: 'Ravi Rao', expanded: true }));
    await user.click(submitButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('Please correct the highlighted fields.');
    const second = card('Ravi Rao');
    const phone = within(second).getByLabelText("Mother's Phone");
    // The alert and the field's error may land in different renders (a loaded machine shows it).
    await waitFor(() => expect(phone).toHaveAttribute('aria-invalid', 'true'));
    expect(phone).toHaveAccessibleDescription('Enter a phone number (digits, spaces, + ( ) -)');
    await waitFor(() => expect(phone).toHaveFocus());
    expect(phone).toHaveValue('512 555 0100');
    expect(screen.queryByRole('region', { name: 'Registration received' })).toBeNull();
  });

  test('a network failure keeps every value; the retry of the same data reuses its Idempotency-Key', async () => {
    let online = false;
    const { user, api } = await openRegistration({
      [POST]: () => (online ? stored({ registrants: 1 }) : Promise.reject(new TypeError('Failed to fetch'))),
    });
    await fillAdult(user, card('Registrant 1'));
    await user.click(submitButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not reach the server. Check your connection and try again.',
    );
    expect(submitButton()).toHaveAccessibleDescription(
      'Could not reach the server. Check your connection and try again.',
    );
    const panel = card('Asha Rao');
    expect(within(panel).getByLabelText('Age')).toHaveValue(34);
    expect(within(panel).getByLabelText('Email')).toHaveValue('asha@example.org');
    expect(within(panel).getByLabelText('Phone')).toHaveValue('+1 512 555 0100');
    expect(within(panel).getByLabelText('Category')).toHaveValue('Fluent Reading');
    expect(within(panel).getByLabelText('State')).toHaveValue('TX');

    online = true;
    await user.click(submitButton());
    await screen.findByRole('region', { name: 'Registration received' });
    expect(screen.queryByRole('alert')).toBeNull();
    const [first, retry] = api.requests(POST);
    expect(retry?.headers.get('Idempotency-Key')).toBe(first?.headers.get('Idempotency-Key'));
    expect(retry?.body).toEqual(first?.body);
  });

  test('after a refusal, changed data is a new attempt with a new Idempotency-Key', async () => {
    let calls = 0;
    const { user, api } = await openRegistration({
      [POST]: () =>
        ++calls === 1
          ? jsonResponse({ error: { code: 'rate_limited', message: 'Too many registrations. Try again later.' } }, 429)
          : stored({ registrants: 1 }),
    });
    await fillAdult(user, card('Registrant 1'));
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many registrations. Try again later.');

    await enter(user, card('Asha Rao'), 'City', 'Round Rock');
    await user.click(submitButton());
    await screen.findByRole('region', { name: 'Registration received' });
    const [first, second] = api.requests(POST);
    expect(second?.headers.get('Idempotency-Key')).toMatch(UUID);
    expect(second?.headers.get('Idempotency-Key')).not.toBe(first?.headers.get('Idempotency-Key'));
  });

  test('a captcha that cannot get ready says so, sends nothing and keeps the form', async () => {
    const { user, api } = await openRegistration({
      'GET /api/public/client-config': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await fillAdult(user, card('Registrant 1'));
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Captcha not ready, please retry.');
    expect(api.requests(POST)).toHaveLength(0);
    expect(within(card('Asha Rao')).getByLabelText('First Name')).toHaveValue('Asha');
    expect(submitButton()).toBeEnabled();
  });
});
