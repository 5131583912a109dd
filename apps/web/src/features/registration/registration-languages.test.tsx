/**
 * The registration form, its success state and the family's page in Hindi and Telugu: the page's
 * words, the shared schema's validation messages and the server's refusals in the page's language.
 * The set-up is the registration tests' own (registration-test-helpers.ts, yours-page.test.tsx):
 * the whole app at /registration, or the family page, with a fetch that answers like the API.
 */
import { i18n } from '@lingui/core';
import type { FamilyRegistration } from '@store/shared/family-registration';
import { messages as hiEvent } from '@store/shared/i18n/locales/hi/event';
import { messages as teEvent } from '@store/shared/i18n/locales/te/event';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import { stubApi } from '#src/test/checkout-doubles';
import { showInLanguage } from '#src/test/in-language';
import { jsonResponse, renderApp } from '#src/test/render-app';
import { clientConfigOff, enter, sessionsAnswer, stored } from './registration-test-helpers';
import { YoursPage } from './yours-page';

const EVENT = { te: teEvent, hi: hiEvent };

/**
 * The language as these pages have it: showInLanguage loads every area's catalogue, and a few of
 * this area's words are in another's too, maybe worded otherwise there; the event's pages load the
 * site's catalogue and this one, this one last. The language starts from an empty set of its own:
 * Lingui adds each catalogue into the first one loaded, which would otherwise be a module's own
 * (this one's, imported above, arrives first) and so be overwritten by the catalogues after it.
 */
async function showEventIn(locale: 'te' | 'hi') {
  i18n.load(locale, {});
  await showInLanguage(locale);
  i18n.load(locale, EVENT[locale]);
}

const POST = 'POST /api/public/registrations';
const LAZY = { timeout: 10_000 } as const;

async function openRegistration(submitName: string, handlers: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi({
    'GET /api/public/client-config': clientConfigOff,
    'GET /api/public/event/sessions': () => sessionsAnswer(),
    ...handlers,
  });
  const { user } = await renderApp({ path: '/registration', stubFetch: false });
  // A lazy chunk (with zod and react-hook-form): slow to arrive the first time on a loaded machine.
  await screen.findByRole('button', { name: submitName }, LAZY);
  return { user, api };
}

/** The field's error as the visitor meets it: marked invalid, and read with the field. */
function expectError(region: HTMLElement, label: string, message: string) {
  const field = within(region).getByLabelText(label);
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(field).toHaveAccessibleDescription(message);
}

describe('the registration form in Hindi', () => {
  const SUBMIT = 'जमा करें';

  test('submitted empty, every message is in Hindi, tied to its field, and nothing is sent', async () => {
    await showEventIn('hi');
    const { user, api } = await openRegistration(SUBMIT);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Bhagavad Gita Mahayagna पंजीकरण');
    await user.click(screen.getByRole('button', { name: SUBMIT }));

    const panel = screen.getByRole('region', { name: 'प्रतिभागी 1' });
    expect(await within(panel).findByText('आयु आवश्यक है')).toBeInTheDocument();
    for (const [label, message] of [
      ['आयु', 'आयु आवश्यक है'],
      ['ई-मेल', 'ई-मेल सही नहीं है'],
      ['पहला नाम', 'पहला नाम आवश्यक है'],
      ['उपनाम', 'उपनाम आवश्यक है'],
      ['लिंग', 'लिंग आवश्यक है'],
      ['देश', 'देश आवश्यक है'],
      ['राज्य / प्रांत', 'राज्य आवश्यक है'],
      ['शहर', 'शहर आवश्यक है'],
      ['ज़िप / पिन कोड', 'ज़िप कोड आवश्यक है'],
    ] as const) {
      expectError(panel, label, message);
    }
    // The session choice's own message, at the choice.
    const choice = screen.getByRole('group', { name: 'आप कहाँ पाठ करेंगे?' });
    expect(within(choice).getByText('पाठ करने का स्थान चुनें')).toBeInTheDocument();
    expect(screen.queryByText(/required|Invalid/)).toBeNull();
    expect(api.requests(POST)).toHaveLength(0);
  });

  test('bad values read their messages in Hindi: an age too high, a bad e-mail, a long name, an adult’s phone and category, a minor’s parents', async () => {
    await showEventIn('hi');
    const { user } = await openRegistration(SUBMIT);
    const panel = screen.getByRole('region', { name: 'प्रतिभागी 1' });
    await enter(user, panel, 'आयु', '150');
    await enter(user, panel, 'ई-मेल', 'asha@');
    await enter(user, panel, 'पहला नाम', 'x'.repeat(101));
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    expect(await within(panel).findByText('आयु 120 या उससे कम होनी चाहिए')).toBeInTheDocument();
    expectError(panel, 'आयु', 'आयु 120 या उससे कम होनी चाहिए');
    expectError(panel, 'ई-मेल', 'ई-मेल सही नहीं है');
    expectError(panel, 'पहला नाम', 'अधिकतम 100 अक्षर');

    // An adult: the phone that is no phone number, and no category.
    await enter(user, panel, 'आयु', '34');
    await enter(user, panel, 'फ़ोन', 'abc');
    expect(within(panel).getByRole('option', { name: 'कंठस्थ पाठ' })).toHaveValue('Memorization');
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    expect(await within(panel).findByText('श्रेणी आवश्यक है')).toBeInTheDocument();
    expectError(panel, 'फ़ोन', 'फ़ोन नंबर दर्ज करें (अंक, रिक्त स्थान, + ( ) -)');
    expectError(panel, 'श्रेणी', 'श्रेणी आवश्यक है');

    // A minor: each parent's field, 'Required'.
    await enter(user, panel, 'आयु', '12');
    expect(within(panel).getByRole('group', { name: 'माता-पिता' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    await within(panel).findAllByText('आवश्यक');
    for (const label of ['माता का नाम', 'माता का फ़ोन', 'पिता का नाम', 'पिता का फ़ोन']) {
      expectError(panel, label, 'आवश्यक');
    }
  });

  test('a field the server refuses with one of our messages shows it in Hindi; a stored registration is confirmed in Hindi', async () => {
    await showEventIn('hi');
    let refuse = true;
    const { user } = await openRegistration(SUBMIT, {
      [POST]: () =>
        refuse
          ? jsonResponse(
              {
                error: {
                  code: 'validation_failed',
                  message: 'Please correct the highlighted fields.',
                  fields: { 'registrants.0.phone': 'Enter a phone number (digits, spaces, + ( ) -)' },
                },
              },
              400,
            )
          : stored({ registrants: 1 }),
    });
    await user.click(await screen.findByRole('radio', { name: /^Dallas Center/ }));
    const panel = screen.getByRole('region', { name: 'प्रतिभागी 1' });
    await enter(user, panel, 'आयु', '34');
    await enter(user, panel, 'ई-मेल', 'asha@example.org');
    await enter(user, panel, 'पहला नाम', 'Asha');
    await enter(user, panel, 'उपनाम', 'Rao');
    await user.selectOptions(within(panel).getByLabelText('लिंग'), 'Female');
    await user.selectOptions(within(panel).getByLabelText('देश'), 'US');
    await user.selectOptions(within(panel).getByLabelText('राज्य'), 'TX');
    await enter(user, panel, 'शहर', 'Austin');
    await enter(user, panel, 'ज़िप / पिन कोड', '78701');
    await enter(user, panel, 'फ़ोन', '+1 512 555 0100');
    await user.selectOptions(within(panel).getByLabelText('श्रेणी'), 'Fluent Reading');
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    const phone = within(panel).getByLabelText('फ़ोन');
    // The server's error and the field's may land in different renders.
    await waitFor(() => expect(phone).toHaveAccessibleDescription('फ़ोन नंबर दर्ज करें (अंक, रिक्त स्थान, + ( ) -)'));

    refuse = false;
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    const confirmation = await screen.findByRole('region', { name: 'पंजीकरण प्राप्त हुआ' });
    expect(within(confirmation).getByText('आपकी पंजीकरण संख्या BGM-000042 है।')).toBeInTheDocument();
    expect(within(confirmation).getByText('पुष्टि asha@example.org पर भेज दी गई है।')).toBeInTheDocument();
    expect(within(confirmation).getByRole('heading', { name: 'पंजीकृत' })).toBeInTheDocument();
    expect(within(confirmation).getByRole('button', { name: 'और लोगों का पंजीकरण करें' })).toBeInTheDocument();
  });
});

describe('the registration form in Telugu', () => {
  test('its heading, event details, session choice, labels and buttons are in Telugu', async () => {
    await showEventIn('te');
    const { user } = await openRegistration('సమర్పించండి');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Bhagavad Gita Mahayagna నమోదు');
    expect(document.title).toContain('Bhagavad Gita Mahayagna నమోదు');
    expect(screen.getByText('తేదీ')).toBeInTheDocument();
    expect(screen.getByText('వేదిక')).toBeInTheDocument();

    const choice = screen.getByRole('group', { name: 'మీరు ఎక్కడ పారాయణం చేస్తారు?' });
    const dallas = await within(choice).findByRole('radio', { name: /^Dallas Center/ });
    expect(dallas).toHaveAccessibleName(/212 స్థానాలు మిగిలి ఉన్నాయి$/);
    // The session's time in Telugu, in its own zone.
    expect(dallas).toHaveAccessibleName(/15 మే, 2027/);
    expect(within(choice).getByRole('radio', { name: /^Bay Area Center/ })).toHaveAccessibleName(
      /దాదాపు నిండిపోయింది · 2 స్థానాలు మిగిలి ఉన్నాయి$/,
    );
    expect(within(choice).getByRole('radio', { name: /^Houston Center/ })).toHaveAccessibleName(
      /నిండిపోయింది: నిరీక్షణ జాబితాలో చేరండి$/,
    );

    const panel = screen.getByRole('region', { name: 'పాల్గొనేవారు 1' });
    for (const label of ['వయస్సు', 'ఇ-మెయిల్', 'మొదటి పేరు', 'ఇంటి పేరు', 'లింగం', 'దేశం', 'రాష్ట్రం / ప్రావిన్స్', 'నగరం']) {
      expect(within(panel).getByLabelText(label)).toBeInTheDocument();
    }
    expect(within(panel).getByLabelText('జిప్ / పోస్టల్ కోడ్')).toBeInTheDocument();
    expect(within(panel).getByRole('option', { name: 'స్త్రీ' })).toHaveValue('Female');
    // Country names in Telugu; the value sent is still the code.
    expect(within(panel).getAllByRole('option', { name: 'భారతదేశం' })[0]).toHaveValue('IN');
    await enter(user, panel, 'వయస్సు', '34');
    expect(within(panel).getByLabelText('ఫోన్')).toHaveAttribute('type', 'tel');
    expect(within(panel).getByRole('option', { name: 'ధారాళ పఠనం' })).toHaveValue('Fluent Reading');
    expect(screen.getByRole('button', { name: 'మరో పాల్గొనేవారిని జోడించండి' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'మీ లింక్ పోయిందా?' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'సమర్పించండి' }));
    expect(await within(panel).findByText('విభాగం తప్పనిసరి')).toBeInTheDocument();
    expectError(panel, 'మొదటి పేరు', 'మొదటి పేరు తప్పనిసరి');
  });
});

const TOKEN = '7b0c1f7e-58f8-4a4f-9a47-1f4b1d0b6f11.abc.signature';
const FAMILY = 'GET /api/public/registrations/yours';

const asha = {
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

function family(overrides: Partial<FamilyRegistration> = {}): FamilyRegistration {
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
      asha,
      {
        ...asha,
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

async function openFamilyPage(answer: FamilyRegistration) {
  stubApi({ 'GET /api/public/client-config': clientConfigOff, [FAMILY]: () => jsonResponse(answer) });
  const user = userEvent.setup();
  await act(async () =>
    render(
      <MemoryRouter initialEntries={[`/registration/yours?token=${encodeURIComponent(TOKEN)}`]}>
        <YoursPage />
      </MemoryRouter>,
    ),
  );
  return user;
}

describe('the family page in Telugu', () => {
  test('the registration, its session, people, tickets and actions read in Telugu; an edit is checked in Telugu', async () => {
    await showEventIn('te');
    const user = await openFamilyPage(family());
    expect(await screen.findByText('BGM-000042')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('మీ నమోదు');
    const summary = screen.getByRole('region', { name: 'నమోదు' });
    expect(within(summary).getByText('నమోదు పూర్తయింది')).toBeInTheDocument();
    expect(within(summary).getByText('ఎక్కడ')).toBeInTheDocument();
    expect(within(summary).getByText('ఎప్పుడు')).toBeInTheDocument();
    expect(within(summary).getByText(/శనివారం/)).toBeInTheDocument();
    expect(within(summary).getByText(/^మార్పులు చేయడానికి లేదా రద్దు చేయడానికి గడువు: /)).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: 'టికెట్లను డౌన్‌లోడ్ చేయండి (PDF)' })).toBeInTheDocument();

    const people = screen.getByRole('region', { name: 'పాల్గొనేవారు' });
    expect(within(people).getByText('కంఠస్థం')).toBeInTheDocument();
    expect(within(people).getByText('Asha Rao, Ravi Rao')).toBeInTheDocument();
    expect(within(people).getAllByText('Frisco, TX, యునైటెడ్ స్టేట్స్')).toHaveLength(2);
    expect(within(people).getAllByRole('button', { name: 'ఈ వ్యక్తి నమోదును రద్దు చేయండి' })).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'అందరినీ మరో సెషన్‌కు మార్చండి' })).toBeInTheDocument();
    expect(
      screen.getByRole('option', { name: /^Houston Center, Texas: Main hall, .*\(40 స్థానాలు మిగిలి ఉన్నాయి\)$/ }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'మొత్తం నమోదును రద్దు చేయండి' }));
    expect(screen.getByRole('group', { name: /^అందరి నమోదును రద్దు చేయాలా\?/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'వద్దు, ఉంచండి' }));

    await user.click(within(people).getAllByRole('button', { name: 'వివరాలను సవరించండి' })[0] as HTMLElement);
    const edit = screen.getByRole('form', { name: 'వివరాలను సవరించండి: Asha' });
    await user.clear(within(edit).getByLabelText('వయస్సు'));
    await user.click(within(edit).getByRole('button', { name: 'మార్పులను భద్రపరచండి' }));
    expect(await within(edit).findByText('వయస్సు తప్పనిసరి')).toBeInTheDocument();
  });

  test('a waiting family reads its place in line in Telugu', async () => {
    await showEventIn('te');
    await openFamilyPage(family({ status: 'waiting', waitingPosition: 3, people: [{ ...asha, ticketId: null }] }));
    expect(await screen.findByText('నిరీక్షణ జాబితాలో: వరుసలో సంఖ్య 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'నిరీక్షణ జాబితా నుండి వైదొలగండి' })).toBeInTheDocument();
  });
});
