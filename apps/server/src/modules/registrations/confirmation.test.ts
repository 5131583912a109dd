import type { Site } from '@store/shared/site';
import { describe, expect, it } from 'vitest';
import { renderConfirmation } from './confirmation';
import type { StoredRegistrant } from './registrant-format';

const site: Pick<Site, 'foundation' | 'event'> = {
  foundation: {
    name: 'Sri Datta Vani Foundation',
    url: 'https://www.dattavani.example.org/',
    timeZone: 'America/Chicago',
  },
  event: {
    title: 'Bhagavad Gita Mahayagna',
    date: '2027-05-15',
    venue: 'Dallas Center, 4455 Legacy Dr, Frisco, TX 75034',
    description: 'A group recitation.',
  },
};

const registration = {
  id: '6f1d2c3b-4a5e-4f60-9a7b-8c9d0e1f2a3b',
  number: 42,
  email: 'asha@example.org',
  // 2027-01-01 03:30 UTC is still New Year's Eve in Chicago.
  createdAt: new Date('2027-01-01T03:30:00Z'),
};

function registrant(overrides: Partial<StoredRegistrant>): StoredRegistrant {
  return {
    id: 'r1',
    registrationId: registration.id,
    position: 1,
    age: 42,
    email: 'asha@example.org',
    firstName: 'Asha',
    lastName: 'Rao',
    gender: 'Female',
    phone: '512 555 0100',
    category: 'Memorization',
    cancelledAt: null,
    mothersName: null,
    mothersPhone: null,
    fathersName: null,
    fathersPhone: null,
    country: 'US',
    state: 'TX',
    city: 'Frisco',
    zip: '75034',
    ...overrides,
  };
}

const adult = registrant({});
const minor = registrant({
  id: 'r2',
  position: 2,
  age: 9,
  firstName: 'Anu',
  phone: null,
  category: null,
  mothersName: 'Asha Rao',
  mothersPhone: '512 555 0100',
  fathersName: 'Ravi Rao',
  fathersPhone: '512 555 0101',
});
const abroad = registrant({
  id: 'r3',
  position: 3,
  firstName: 'Meera',
  lastName: 'Iyer',
  category: 'Fluent Reading',
  country: 'IN',
  state: 'Karnataka',
  city: 'Bengaluru',
  zip: '560001',
});

describe('renderConfirmation', () => {
  const mail = renderConfirmation({ registration, registrants: [adult, minor, abroad], site });

  it('goes to the first registrant, about this registration, with the number in the subject', () => {
    expect(mail).toMatchObject({
      kind: 'registration-confirmation',
      subjectId: registration.id,
      to: 'asha@example.org',
      subject: 'Bhagavad Gita Mahayagna registration BGM-000042',
    });
  });

  it('lists every registrant in the text, with category or parents and location', () => {
    expect(mail.text).toBe(
      [
        'Dear Asha,',
        '',
        'Thank you for registering for the Bhagavad Gita Mahayagna. This confirms the registration of 3 people:',
        '',
        '1. Asha Rao, age 42, Memorization',
        '   Frisco, Texas 75034, United States',
        '2. Anu Rao, age 9, parents: Mother: Asha Rao (512 555 0100); Father: Ravi Rao (512 555 0101)',
        '   Frisco, Texas 75034, United States',
        '3. Meera Iyer, age 42, Fluent Reading',
        '   Bengaluru, Karnataka 560001, India',
        '',
        'Registration number: BGM-000042',
        'Registered: December 31, 2026 at 9:30 PM CST',
        'Event: Bhagavad Gita Mahayagna, May 15, 2027',
        'Venue: Dallas Center, 4455 Legacy Dr, Frisco, TX 75034',
        '',
        'Please quote BGM-000042 when you write to us about this registration.',
        '',
        'Sri Datta Vani Foundation',
        'https://www.dattavani.example.org/',
        '',
      ].join('\n'),
    );
  });

  it('has the same details in the HTML', () => {
    for (const expected of [
      'BGM-000042',
      'December 31, 2026 at 9:30 PM CST',
      'Asha Rao',
      'Anu Rao',
      'Meera Iyer',
      'parents: Mother: Asha Rao (512 555 0100); Father: Ravi Rao (512 555 0101)',
      'Fluent Reading',
      'Bengaluru, Karnataka 560001, India',
      '<a href="https://www.dattavani.example.org/"',
    ]) {
      expect(mail.html).toContain(expected);
    }
  });

  it('greets by the first name only, and never with text that is no name (issue 18, point 3)', () => {
    const phishing = renderConfirmation({
      registration,
      registrants: [
        registrant({ firstName: 'Your account is suspended:', lastName: 'verify at http://evil.example/login' }),
      ],
      site,
    });
    expect(phishing.text).toMatch(/^Dear friend,$/m);
    expect(phishing.html).toContain('Dear friend,');
    const named = renderConfirmation({
      registration,
      registrants: [registrant({ lastName: 'Verify your account now' })],
      site,
    });
    expect(named.text).toMatch(/^Dear Asha,$/m);
  });

  it('says "1 person" for one registrant', () => {
    const one = renderConfirmation({ registration, registrants: [adult], site });
    expect(one.text).toContain('This confirms the registration of 1 person:');
  });

  it('escapes whatever the visitor typed in the HTML, and keeps headers on one line', () => {
    const hostile = renderConfirmation({
      registration: { ...registration, email: 'asha@example.org\r\nBcc: victim@example.org' },
      registrants: [
        registrant({
          firstName: '<script>alert(1)</script>',
          lastName: '"Rao" & Sons',
          city: "<img src=x onerror='x'>",
        }),
      ],
      site,
    });
    expect(hostile.html).not.toContain('<script>');
    expect(hostile.html).not.toContain('<img');
    expect(hostile.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &quot;Rao&quot; &amp; Sons');
    expect(hostile.html).toContain('&lt;img src=x onerror=&#39;x&#39;&gt;');
    // The text version is plain text: shown as typed, never interpreted (in the list of people).
    expect(hostile.text).toContain('1. <script>alert(1)</script> "Rao" & Sons, age 42');
    // The greeting takes no such text (mail/greeting.ts).
    expect(hostile.text).toContain('Dear friend,');
    expect(hostile.to).toBe('asha@example.org Bcc: victim@example.org');
  });

  const session = {
    centerName: 'Dallas Center',
    hall: 'Main prayer hall',
    address: '4455 Legacy Dr, Frisco, TX 75034',
    // 14:00 UTC is 9:00 AM in Dallas (CDT), whatever zone the mail worker runs in.
    startsAt: new Date('2027-05-15T14:00:00Z'),
    timeZone: 'America/Chicago',
  };
  const familyLink = 'https://store.example.org/registration/yours?token=abc.def.ghi';

  it('says the session (center, hall, time in its zone, address), the tickets attached and "Your registration"', () => {
    const registered = renderConfirmation({
      registration: { ...registration, status: 'registered' },
      registrants: [adult, minor],
      site,
      session,
      familyLink,
      ticketCount: 2,
    });
    for (const line of [
      'When: Saturday, May 15, 2027 at 9:00 AM CDT',
      'Where: Dallas Center, Main prayer hall',
      'Address: 4455 Legacy Dr, Frisco, TX 75034',
      'Your 2 tickets are attached as a PDF',
      'Your registration: See your tickets, correct a detail, change session or cancel, without an account.',
      familyLink,
    ])
      expect(registered.text).toContain(line);
    expect(registered.html).toContain('Saturday, May 15, 2027 at 9:00 AM CDT');
    expect(registered.html).toContain(`<a href="${familyLink}"`);
    expect(registered.html).toContain('>Your registration</a>');
    expect(registered.subject).toBe('Bhagavad Gita Mahayagna registration BGM-000042');
  });

  it('tells a waiting family its number in line and what happens next, with no tickets', () => {
    const waiting = renderConfirmation({
      registration: { ...registration, status: 'waiting' },
      registrants: [adult, minor, abroad],
      site,
      session,
      familyLink,
      waitingPosition: 4,
      ticketCount: 3,
      hoursToAccept: 48,
    });
    expect(waiting.subject).toBe('Bhagavad Gita Mahayagna registration BGM-000042 (waiting list)');
    expect(waiting.text).toContain('This confirms that 3 people joined the waiting list:');
    expect(waiting.text).toContain('your family is number 4 on the waiting list. You have no tickets yet.');
    expect(waiting.text).toContain(
      'The offer holds the places for 48 hours: accept in time and your tickets follow by e-mail',
    );
    expect(waiting.text).not.toContain('attached');
    expect(waiting.html).toContain('number 4 on the waiting list');
    expect(waiting.text).toContain('Your registration: See your place in line, correct a detail');
  });

  it('leaves out a registrant cancelled before the mail left', () => {
    const one = renderConfirmation({
      registration,
      registrants: [adult, { ...minor, cancelledAt: new Date() }],
      site,
    });
    expect(one.text).toContain('This confirms the registration of 1 person:');
    expect(one.text).not.toContain('Anu Rao');
  });
});
