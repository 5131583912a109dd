/**
 * A family fills in its details once: "Same family details as registrant 1" (surname and address)
 * and "The parent is registrant 1" (a minor's mother's or father's name and phone). What is sent is
 * what the family would have typed, checked by SPEC.md's rules unchanged.
 */
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { card, enter, fillAdult, fillMinor, openRegistration, stored, submitButton } from './registration-test-helpers';

const POST = 'POST /api/public/registrations';
const FAMILY_LABELS = ['Last Name', 'Country', 'State', 'City', 'Zip / Postal Code'];

async function addRegistrant(user: UserEvent, name: string) {
  await user.click(screen.getByRole('button', { name: 'Add Another Registrant' }));
  return screen.findByRole('region', { name });
}

describe('family details (/registration)', () => {
  test('a new registrant has "Same family details as registrant 1" ticked: one line instead of five fields', async () => {
    const { user, api } = await openRegistration({ [POST]: () => stored() });
    await fillAdult(user, card('Registrant 1'));
    const second = await addRegistrant(user, 'Registrant 2');

    const same = within(second).getByRole('checkbox', { name: 'Same family details as registrant 1' });
    expect(same).toBeChecked();
    expect(same).toHaveAccessibleDescription('Rao · Austin, TX 78701, United States');
    for (const label of FAMILY_LABELS) expect(within(second).queryByLabelText(label)).toBeNull();
    expect(within(second).getByLabelText('Email')).toHaveValue('asha@example.org');
    // Focus still goes to the new card's first field.
    expect(within(second).getByLabelText('Age')).toHaveFocus();

    // Registrant 1 moves house after the copy: the copy follows, on the line and in what is sent.
    await user.click(screen.getByRole('button', { name: 'Asha Rao', expanded: false }));
    await enter(user, card('Asha Rao'), 'City', 'Frisco');
    await enter(user, card('Asha Rao'), 'Zip / Postal Code', '75034');
    await user.click(screen.getByRole('button', { name: 'Registrant 2', expanded: false }));
    expect(within(card('Registrant 2')).getByRole('checkbox', { name: /Same family/ })).toHaveAccessibleDescription(
      'Rao · Frisco, TX 75034, United States',
    );
    await fillMinor(user, card('Registrant 2'), { sameFamily: true });
    await user.click(submitButton());
    await screen.findByRole('region', { name: 'Registration received' });
    const body = api.requests(POST)[0]?.body as { registrants: Record<string, unknown>[] };
    expect(body.registrants[1]).toMatchObject({
      firstName: 'Ravi',
      lastName: 'Rao',
      country: 'US',
      state: 'TX',
      city: 'Frisco',
      zip: '75034',
    });
    expect(body.registrants[1]).not.toHaveProperty('sameFamily');
  });

  test('unticked, the fields come back filled in and editable, and what is typed there is sent', async () => {
    const { user, api } = await openRegistration({ [POST]: () => stored() });
    await fillAdult(user, card('Registrant 1'));
    const second = await addRegistrant(user, 'Registrant 2');
    await user.click(within(second).getByRole('checkbox', { name: 'Same family details as registrant 1' }));

    expect(within(second).getByLabelText('Last Name')).toHaveValue('Rao');
    expect(within(second).getByLabelText('Country')).toHaveValue('US');
    expect(within(second).getByLabelText('State')).toHaveValue('TX');
    expect(within(second).getByLabelText('City')).toHaveValue('Austin');
    expect(within(second).getByLabelText('Zip / Postal Code')).toHaveValue('78701');
    await fillAdult(user, second, { firstName: 'Mira', lastName: 'Iyer', city: 'Plano', zip: '75024' });
    await user.click(submitButton());
    await screen.findByRole('region', { name: 'Registration received' });
    const body = api.requests(POST)[0]?.body as { registrants: Record<string, unknown>[] };
    expect(body.registrants[1]).toMatchObject({ lastName: 'Iyer', city: 'Plano', zip: '75024' });
    expect(body.registrants[0]).toMatchObject({ lastName: 'Rao', city: 'Austin', zip: '78701' });
  });

  test('"The parent is registrant 1" fills the mother from an adult woman; the father is still asked', async () => {
    const { user, api } = await openRegistration({ [POST]: () => stored() });
    await fillAdult(user, card('Registrant 1'));
    const second = await addRegistrant(user, 'Registrant 2');
    await enter(user, second, 'Age', '9');
    const parent = within(second).getByRole('checkbox', { name: 'The parent is registrant 1' });
    expect(parent).not.toBeChecked();
    await user.click(parent);
    expect(parent).toHaveAccessibleDescription('Mother: Asha Rao · +1 512 555 0100');
    expect(within(second).queryByLabelText("Mother's Name")).toBeNull();
    expect(within(second).queryByLabelText("Mother's Phone")).toBeNull();

    // The other parent is still required, with SPEC.md's message.
    await enter(user, second, 'First Name', 'Ravi');
    await user.selectOptions(within(second).getByLabelText('Gender'), 'Male');
    await user.click(submitButton());
    const ravi = card('Ravi Rao');
    expect(await within(ravi).findAllByText('Required')).toHaveLength(2);
    expect(within(ravi).getByLabelText("Father's Name")).toHaveAccessibleDescription('Required');
    expect(api.requests(POST)).toHaveLength(0);

    await enter(user, ravi, "Father's Name", 'Kiran Rao');
    await enter(user, ravi, "Father's Phone", '512 555 0101');
    await user.click(submitButton());
    await screen.findByRole('region', { name: 'Registration received' });
    const body = api.requests(POST)[0]?.body as { registrants: Record<string, unknown>[] };
    expect(body.registrants[1]).toMatchObject({
      mothersName: 'Asha Rao',
      mothersPhone: '+1 512 555 0100',
      fathersName: 'Kiran Rao',
      fathersPhone: '512 555 0101',
    });
  });

  test('an adult man as registrant 1 is offered as the father; a minor registrant 1 is offered as no parent', async () => {
    const { user } = await openRegistration();
    await fillAdult(user, card('Registrant 1'), { firstName: 'Kiran', gender: 'Male' });
    const second = await addRegistrant(user, 'Registrant 2');
    await enter(user, second, 'Age', '9');
    await user.click(within(second).getByRole('checkbox', { name: 'The parent is registrant 1' }));
    expect(within(second).getByRole('checkbox', { name: 'The parent is registrant 1' })).toHaveAccessibleDescription(
      'Father: Kiran Rao · +1 512 555 0100',
    );
    expect(within(second).queryByLabelText("Father's Name")).toBeNull();
    expect(within(second).getByLabelText("Mother's Name")).toHaveValue('');

    // Registrant 1 becomes a minor: no parent to offer, and every parent field is asked.
    await user.click(screen.getByRole('button', { name: 'Kiran Rao', expanded: false }));
    await enter(user, card('Kiran Rao'), 'Age', '16');
    await user.click(screen.getByRole('button', { name: 'Registrant 2', expanded: false }));
    const again = card('Registrant 2');
    expect(within(again).queryByRole('checkbox', { name: 'The parent is registrant 1' })).toBeNull();
    expect(within(again).getByLabelText("Father's Name")).toBeInTheDocument();
  });
});
