/** The registration form as a visitor meets it (SPEC.md §2 /registration, §4 "Registration", §5 "Registrant"). */
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { card, enter, fillAdult, fillCommon, openRegistration, submitButton, TITLE } from './registration-test-helpers';

const PARENT_LABELS = ["Mother's Name", "Mother's Phone", "Father's Name", "Father's Phone"];
const ALL_MESSAGES: [string, string][] = [
  ['Age', 'Age is required'],
  ['Email', 'Invalid email'],
  ['First Name', 'First name required'],
  ['Last Name', 'Last name required'],
  ['Gender', 'Gender required'],
  ['Country', 'Country required'],
  ['State / Province', 'State required'],
  ['City', 'City required'],
  ['Zip / Postal Code', 'Zip required'],
];

const toggle = (name: string) => screen.getByRole('button', { name, expanded: true });
const closedToggle = (name: string) => screen.getByRole('button', { name, expanded: false });
const addButton = () => screen.getByRole('button', { name: 'Add Another Registrant' });

function expectError(region: HTMLElement, label: string, message: string) {
  const field = within(region).getByLabelText(label);
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(field).toHaveAccessibleDescription(message);
}

describe('registration (/registration)', () => {
  test('shows the title and one open card, Registrant 1, without Remove', async () => {
    await openRegistration();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(TITLE);
    expect(document.title).toContain(TITLE);
    const header = toggle('Registrant 1');
    expect(screen.getByRole('heading', { level: 2, name: 'Registrant 1' })).toContainElement(header);
    const panel = card('Registrant 1');
    expect(header).toHaveAttribute('aria-controls', panel.id);
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(addButton()).toBeEnabled();
    expect(submitButton()).toHaveTextContent('Submit');
    // No age yet: neither the parents' nor the adult's fields.
    for (const label of [...PARENT_LABELS, 'Phone', 'Category']) {
      expect(within(panel).queryByLabelText(label)).toBeNull();
    }
  });

  test("an empty Submit shows every 'all' message word for word, tied to its field, and sends nothing", async () => {
    const { user, api } = await openRegistration();
    await user.click(submitButton());
    const panel = card('Registrant 1');
    expect(await within(panel).findByText('Age is required')).toBeInTheDocument();
    for (const [label, message] of ALL_MESSAGES) expectError(panel, label, message);
    expect(within(panel).getByLabelText('Age')).toHaveFocus();
    expect(screen.queryByText('Phone required')).toBeNull();
    expect(screen.queryByText('Required')).toBeNull();
    expect(api.requests('POST /api/public/registrations')).toHaveLength(0);
  });

  test("a minor (under 18) gets the four parent fields, each 'Required'", async () => {
    const { user } = await openRegistration();
    const panel = card('Registrant 1');
    await enter(user, panel, 'Age', '17');
    for (const label of PARENT_LABELS) expect(within(panel).getByLabelText(label)).toBeInTheDocument();
    expect(within(panel).getByRole('group', { name: 'Parents' })).toBeInTheDocument();
    expect(within(panel).queryByLabelText('Phone')).toBeNull();
    expect(within(panel).queryByLabelText('Category')).toBeNull();

    await user.click(submitButton());
    await within(panel).findAllByText('Required');
    for (const label of PARENT_LABELS) expectError(panel, label, 'Required');
    expect(within(panel).getAllByText('Required')).toHaveLength(4);
  });

  test("an adult (18 or over) gets phone and category: 'Phone required', 'Category required'", async () => {
    const { user } = await openRegistration();
    const panel = card('Registrant 1');
    await enter(user, panel, 'Age', '18');
    expect(within(panel).getByLabelText('Phone')).toHaveAttribute('type', 'tel');
    const category = within(panel).getByLabelText('Category');
    expect(
      within(category)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select a category', 'Memorization', 'Fluent Reading']);
    for (const label of PARENT_LABELS) expect(within(panel).queryByLabelText(label)).toBeNull();

    await user.click(submitButton());
    expect(await within(panel).findByText('Phone required')).toBeInTheDocument();
    expectError(panel, 'Phone', 'Phone required');
    expectError(panel, 'Category', 'Category required');
    expect(
      within(panel)
        .getAllByRole('option', { name: /Male|Female/ })
        .map((o) => o.textContent),
    ).toEqual(['Male', 'Female']);
  });

  test('changing the age swaps the parent fields and phone/category at once, without stale errors', async () => {
    const { user } = await openRegistration();
    const panel = card('Registrant 1');
    await enter(user, panel, 'Age', '9');
    await user.click(submitButton());
    await within(panel).findAllByText('Required');

    await enter(user, panel, 'Age', '42');
    expect(within(panel).getByLabelText('Phone')).toBeInTheDocument();
    expect(within(panel).getByLabelText('Category')).toBeInTheDocument();
    for (const label of PARENT_LABELS) expect(within(panel).queryByLabelText(label)).toBeNull();
    expect(within(panel).queryByText('Required')).toBeNull();
    expect(within(panel).queryByText('Phone required')).toBeNull();

    await enter(user, panel, 'Age', '17');
    for (const label of PARENT_LABELS) {
      expect(within(panel).getByLabelText(label)).not.toHaveAttribute('aria-invalid');
    }
    expect(within(panel).queryByLabelText('Phone')).toBeNull();
  });

  test('a shown error follows its field as it is edited', async () => {
    const { user } = await openRegistration();
    await user.click(submitButton());
    const panel = card('Registrant 1');
    await within(panel).findByText('Invalid email');
    await enter(user, panel, 'Email', 'asha@');
    expectError(panel, 'Email', 'Invalid email');
    await enter(user, panel, 'Email', 'asha@example.org');
    expect(within(panel).queryByText('Invalid email')).toBeNull();
    expect(within(panel).getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    await user.selectOptions(within(panel).getByLabelText('Gender'), 'Female');
    expect(within(panel).queryByText('Gender required')).toBeNull();
  });

  test('the country picker offers the usual countries first; the US gets a state picker, elsewhere a text field', async () => {
    const { user } = await openRegistration();
    const panel = card('Registrant 1');
    const country = within(panel).getByLabelText('Country');
    const [common, all] = within(country).getAllByRole('group');
    expect(common).toHaveAttribute('label', 'Common');
    expect(
      within(common as HTMLElement)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['United States', 'India', 'Canada', 'United Kingdom', 'Australia']);
    expect(all).toHaveAttribute('label', 'All countries');
    expect(within(all as HTMLElement).getByRole('option', { name: 'Kenya' })).toHaveValue('KE');

    expect(within(panel).getByLabelText('State / Province').tagName).toBe('INPUT');
    await user.selectOptions(country, 'US');
    const state = within(panel).getByLabelText('State');
    expect(state.tagName).toBe('SELECT');
    expect(within(state).getByRole('option', { name: 'Texas' })).toHaveValue('TX');
    await user.selectOptions(state, 'TX');

    // Leaving the United States empties the state: a USPS code means nothing in India.
    await user.selectOptions(country, 'IN');
    expect(within(panel).getByLabelText('State / Province')).toHaveValue('');
    await user.click(submitButton());
    expectError(panel, 'State / Province', 'State required');
  });

  test('Add Another Registrant with an invalid first registrant shows its errors and opens its card', async () => {
    const { user } = await openRegistration();
    await user.click(toggle('Registrant 1'));
    expect(closedToggle('Registrant 1')).toBeInTheDocument();
    expect(screen.queryByRole('region')).toBeNull();

    await user.click(addButton());
    const panel = await screen.findByRole('region', { name: 'Registrant 1' });
    expect(toggle('Registrant 1')).toBeInTheDocument();
    for (const [label, message] of ALL_MESSAGES) expectError(panel, label, message);
    expect(within(panel).getByLabelText('Age')).toHaveFocus();
    expect(screen.queryByRole('button', { name: /Registrant 2/ })).toBeNull();
  });

  test('Add Another Registrant with a valid first one opens a new card that keeps its email', async () => {
    const { user } = await openRegistration();
    await fillAdult(user, card('Registrant 1'));
    expect(toggle('Asha Rao')).toBeInTheDocument();

    await user.click(addButton());
    const second = await screen.findByRole('region', { name: 'Registrant 2' });
    expect(toggle('Registrant 2')).toBeInTheDocument();
    expect(closedToggle('Asha Rao')).toBeInTheDocument();
    expect(within(second).getByLabelText('Email')).toHaveValue('asha@example.org');
    expect(within(second).getByLabelText('First Name')).toHaveValue('');
    expect(within(second).getByLabelText('Age')).toHaveFocus();

    // "Same family details as registrant 1" is ticked: the surname comes with the first name.
    await enter(user, second, 'First Name', 'Ravi');
    expect(toggle('Ravi Rao')).toBeInTheDocument();
    expect(second).toHaveAccessibleName('Ravi Rao');
  });

  test('Remove shows only with more than one registrant, and the open card shifts with it', async () => {
    const { user } = await openRegistration();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    await fillAdult(user, card('Registrant 1'));
    await user.click(addButton());
    await enter(user, card('Registrant 2'), 'First Name', 'Ravi');
    await user.click(addButton());
    await enter(user, card('Registrant 3'), 'First Name', 'Mira');
    expect(screen.getAllByRole('button', { name: /^Remove/ }).map((b) => b.getAttribute('aria-label'))).toEqual([
      'Remove Asha Rao',
      'Remove Ravi Rao',
      'Remove Mira Rao',
    ]);

    // Removing a card before the open one keeps the same registrant open; focus goes to Undo.
    await user.click(screen.getByRole('button', { name: 'Remove Asha Rao' }));
    expect(toggle('Mira Rao')).toBeInTheDocument();
    expect(within(card('Mira Rao')).getByLabelText('First Name')).toHaveValue('Mira');
    expect(closedToggle('Ravi Rao')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Undo' })).toHaveFocus();

    // Removing the open card (here the last) opens its neighbour.
    await user.click(screen.getByRole('button', { name: 'Remove Mira Rao' }));
    expect(toggle('Ravi Rao')).toBeInTheDocument();
    expect(screen.getByText('Removed Mira Rao.')).toBeInTheDocument();
    expect(within(card('Ravi Rao')).getByLabelText('Email')).toHaveValue('asha@example.org');
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
  });

  test('removing the open card in the middle opens the one that takes its place', async () => {
    const { user } = await openRegistration();
    await fillCommon(user, card('Registrant 1'), {
      age: '40',
      email: 'kiran@example.org',
      firstName: 'Kiran',
      lastName: 'Rao',
      gender: 'Male',
    });
    await enter(user, card('Kiran Rao'), 'Phone', '512 555 0101');
    await user.selectOptions(within(card('Kiran Rao')).getByLabelText('Category'), 'Memorization');
    await user.click(addButton());
    await enter(user, card('Registrant 2'), 'First Name', 'Ravi');
    await user.click(addButton());
    await enter(user, card('Registrant 3'), 'First Name', 'Mira');
    await user.click(closedToggle('Ravi Rao'));
    expect(toggle('Ravi Rao')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove Ravi Rao' }));
    expect(toggle('Mira Rao')).toBeInTheDocument();
    expect(closedToggle('Kiran Rao')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Ravi/ })).toBeNull();
  });

  test('Undo puts a removed registrant back in their place, with everything typed, open and focused', async () => {
    const { user } = await openRegistration();
    await fillAdult(user, card('Registrant 1'));
    await user.click(addButton());
    await enter(user, card('Registrant 2'), 'Age', '9');
    await enter(user, card('Registrant 2'), 'First Name', 'Ravi');
    await enter(user, card('Ravi Rao'), "Mother's Name", 'Asha Rao');
    await user.click(addButton());
    await enter(user, card('Registrant 3'), 'First Name', 'Mira');
    await user.click(closedToggle('Ravi Rao'));

    await user.click(screen.getByRole('button', { name: 'Remove Ravi Rao' }));
    expect(screen.queryByRole('button', { name: 'Ravi Rao' })).toBeNull();
    expect(screen.getByText('Removed Ravi Rao.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));

    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Remove/ }).map((b) => b.getAttribute('aria-label'))).toEqual([
      'Remove Asha Rao',
      'Remove Ravi Rao',
      'Remove Mira Rao',
    ]);
    expect(toggle('Ravi Rao')).toHaveFocus();
    const ravi = card('Ravi Rao');
    expect(within(ravi).getByLabelText('Age')).toHaveValue(9);
    expect(within(ravi).getByLabelText("Mother's Name")).toHaveValue('Asha Rao');
    expect(within(ravi).getByLabelText('Email')).toHaveValue('asha@example.org');
    expect(closedToggle('Mira Rao')).toBeInTheDocument();
  });
});

describe('the event (/registration)', () => {
  test('says when and where it is: the date as that calendar day, spelled out, and the venue', async () => {
    await openRegistration();
    // config/site.json: 2027-05-15, a Saturday, whatever the time zone the test runs in.
    const date = await screen.findByText('Saturday, May 15, 2027');
    expect(date.tagName).toBe('TIME');
    expect(date).toHaveAttribute('datetime', '2027-05-15');
    expect(screen.getByText('Dallas Center, 4455 Legacy Dr, Frisco, TX 75034')).toBeInTheDocument();
  });

  test("offers 'Lost your link?' under the form, for a family whose e-mail is gone", async () => {
    await openRegistration();
    const heading = screen.getByRole('heading', { level: 2, name: 'Lost your link?' });
    expect(submitButton().compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
