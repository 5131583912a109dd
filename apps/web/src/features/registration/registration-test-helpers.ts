/** Opens /registration with fetch answering like the API, and fills registrants as a visitor does (tests only). */
import type { RegistrationResponse } from '@store/shared/registration';
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { stubApi } from '#src/test/checkout-doubles';
import { jsonResponse, renderApp } from '#src/test/render-app';

export const TITLE = 'Bhagavad Gita Mahayagna Registration';

/** CAPTCHA_PROVIDER=off, as the server's test set-up runs: the page's captcha answers 'off'. */
export const clientConfigOff = () =>
  jsonResponse({ captcha: { provider: 'off' }, paymentGateway: 'sandbox', authBaseUrl: '/auth' });

export const stored = (answer: Partial<RegistrationResponse> = {}) =>
  jsonResponse(
    {
      registrationNumber: 'BGM-000042',
      registrants: 2,
      email: 'asha@example.org',
      confirmationEmailed: true,
      ...answer,
    },
    201,
  );

export async function openRegistration(handlers: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi({ 'GET /api/public/client-config': clientConfigOff, ...handlers });
  const { user } = await renderApp({ path: '/registration', stubFetch: false });
  // A lazy chunk (with zod and react-hook-form): slow to arrive the first time on a loaded machine.
  await screen.findByRole('button', { name: 'Submit' }, { timeout: 10_000 });
  return { user, api };
}

/** The open card's fields, found by its header (the registrant's name, or 'Registrant N'). */
export const card = (name: string) => screen.getByRole('region', { name });

export const submitButton = () => screen.getByRole('button', { name: /^(Submit|Submitting\.\.\.)$/ });

/** Focus and paste: one change event per field keeps these tests fast. */
export async function enter(user: UserEvent, region: HTMLElement, label: string, text: string) {
  const field = within(region).getByLabelText(label);
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

type Person = {
  age: string;
  email?: string;
  firstName: string;
  lastName: string;
  gender: 'Male' | 'Female';
  country?: string;
  state?: string;
  city?: string;
  zip?: string;
};

export async function fillCommon(user: UserEvent, region: HTMLElement, person: Person) {
  await enter(user, region, 'Age', person.age);
  if (person.email !== undefined) await enter(user, region, 'Email', person.email);
  await enter(user, region, 'First Name', person.firstName);
  await enter(user, region, 'Last Name', person.lastName);
  await user.selectOptions(within(region).getByLabelText('Gender'), person.gender);
  await user.selectOptions(within(region).getByLabelText('Country'), person.country ?? 'US');
  if ((person.country ?? 'US') === 'US') {
    await user.selectOptions(within(region).getByLabelText('State'), person.state ?? 'TX');
  } else {
    await enter(user, region, 'State / Province', person.state ?? '');
  }
  await enter(user, region, 'City', person.city ?? 'Austin');
  await enter(user, region, 'Zip / Postal Code', person.zip ?? '78701');
}

/** An adult of 34: phone and category. */
export async function fillAdult(user: UserEvent, region: HTMLElement, overrides: Partial<Person> = {}) {
  await fillCommon(user, region, {
    age: '34',
    email: 'asha@example.org',
    firstName: 'Asha',
    lastName: 'Rao',
    gender: 'Female',
    ...overrides,
  });
  await enter(user, region, 'Phone', '+1 512 555 0100');
  await user.selectOptions(within(region).getByLabelText('Category'), 'Fluent Reading');
}

/** A minor of 12: the parents' names and phones. */
export async function fillMinor(user: UserEvent, region: HTMLElement, overrides: Partial<Person> = {}) {
  await fillCommon(user, region, { age: '12', firstName: 'Ravi', lastName: 'Rao', gender: 'Male', ...overrides });
  await enter(user, region, "Mother's Name", 'Asha Rao');
  await enter(user, region, "Mother's Phone", '512 555 0100');
  await enter(user, region, "Father's Name", 'Kiran Rao');
  await enter(user, region, "Father's Phone", '512 555 0101');
}
