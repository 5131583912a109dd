/** Opens /registration with fetch answering like the API, and fills registrants as a visitor does (tests only). */
import type { PublicSession } from '@store/shared/event-sessions';
import type { RegistrationResponse } from '@store/shared/registration';
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { stubApi } from '#src/test/checkout-doubles';
import { jsonResponse, renderApp } from '#src/test/render-app';

export const TITLE = 'Bhagavad Gita Mahayagna Registration';

/** CAPTCHA_PROVIDER=off, as the server's test set-up runs: the page's captcha answers 'off'. */
export const clientConfigOff = () =>
  jsonResponse({ captcha: { provider: 'off' }, paymentGateway: 'sandbox', authBaseUrl: '/auth' });

const noCategoryCap = { Memorization: null, 'Fluent Reading': null };

/** Three sessions as GET /api/public/event/sessions answers: one open, one almost full, one full. */
export const sessionsFixture: PublicSession[] = [
  {
    id: 1,
    centerId: 2,
    centerName: 'Dallas Center',
    hall: 'Main hall',
    address: '4455 Legacy Dr, Frisco, TX 75034',
    startsAt: '2027-05-15T09:00:00-05:00',
    timeZone: 'America/Chicago',
    capacity: 400,
    placesLeft: 212,
    categoryPlacesLeft: noCategoryCap,
    availability: 'open',
    waitingFamilies: 0,
  },
  {
    id: 2,
    centerId: 1,
    centerName: 'Bay Area Center',
    hall: 'Main prayer hall',
    address: '1201 Mission Blvd, Fremont, CA 94539',
    startsAt: '2027-05-15T09:00:00-07:00',
    timeZone: 'America/Los_Angeles',
    capacity: 400,
    placesLeft: 2,
    categoryPlacesLeft: noCategoryCap,
    availability: 'almost_full',
    waitingFamilies: 0,
  },
  {
    id: 3,
    centerId: 3,
    centerName: 'Houston Center',
    hall: 'Community room',
    address: '10 Main St, Houston, TX 77002',
    startsAt: '2027-05-15T10:30:00-05:00',
    timeZone: 'America/Chicago',
    capacity: 120,
    placesLeft: 0,
    categoryPlacesLeft: noCategoryCap,
    availability: 'full',
    waitingFamilies: 4,
  },
];

export const sessionsAnswer = (sessions: PublicSession[] = sessionsFixture) => jsonResponse({ sessions });

export const ASHA_TICKET = '3f1c2a9e-7b4d-4c1e-9a2b-5d6e7f8a9b0c';
export const RAVI_TICKET = '8a7b6c5d-4e3f-4a1b-8c9d-0e1f2a3b4c5d';

/** The registration answer: Asha and Ravi Rao registered in the Dallas session, with tickets. */
export const stored = (answer: Partial<RegistrationResponse> = {}) =>
  jsonResponse(
    {
      registrationNumber: 'BGM-000042',
      registrants: 2,
      email: 'asha@example.org',
      confirmationEmailed: true,
      status: 'registered',
      session: {
        id: 1,
        centerName: 'Dallas Center',
        hall: 'Main hall',
        address: '4455 Legacy Dr, Frisco, TX 75034',
        startsAt: '2027-05-15T09:00:00-05:00',
        timeZone: 'America/Chicago',
      },
      people: [
        { position: 1, firstName: 'Asha', lastName: 'Rao', ticketId: ASHA_TICKET },
        { position: 2, firstName: 'Ravi', lastName: 'Rao', ticketId: RAVI_TICKET },
      ],
      waitingPosition: null,
      ...answer,
    } satisfies RegistrationResponse,
    201,
  );

type OpenOptions = {
  /** The session to choose as a family does first (by its center's name); null chooses none. */
  session?: string | null;
};

export async function openRegistration(handlers: Parameters<typeof stubApi>[0] = {}, options: OpenOptions = {}) {
  const api = stubApi({
    'GET /api/public/client-config': clientConfigOff,
    'GET /api/public/event/sessions': () => sessionsAnswer(),
    ...handlers,
  });
  const { user } = await renderApp({ path: '/registration', stubFetch: false });
  // A lazy chunk (with zod and react-hook-form): slow to arrive the first time on a loaded machine.
  await screen.findByRole('button', { name: 'Submit' }, { timeout: 10_000 });
  const session = options.session === undefined ? 'Dallas Center' : options.session;
  if (session !== null) await user.click(await sessionRadio(session));
  return { user, api };
}

/** A session's radio card, by its center's name. */
export const sessionRadio = (centerName: string) => screen.findByRole('radio', { name: new RegExp(`^${centerName}`) });

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
  /** "Same family details as registrant 1" is ticked: surname and address are copied, not typed. */
  sameFamily?: boolean;
};

export async function fillCommon(user: UserEvent, region: HTMLElement, person: Person) {
  await enter(user, region, 'Age', person.age);
  if (person.email !== undefined) await enter(user, region, 'Email', person.email);
  await enter(user, region, 'First Name', person.firstName);
  if (!person.sameFamily) await enter(user, region, 'Last Name', person.lastName);
  await user.selectOptions(within(region).getByLabelText('Gender'), person.gender);
  if (person.sameFamily) return;
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
