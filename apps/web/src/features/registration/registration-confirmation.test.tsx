import type { RegistrationResponse } from '@store/shared/registration';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { RegistrationConfirmation } from './registration-confirmation';

const answer: RegistrationResponse = {
  registrationNumber: 'BGM-000042',
  registrants: 2,
  email: 'asha@example.org',
  confirmationEmailed: true,
  status: 'registered',
  session: {
    id: 2,
    centerName: 'Bay Area Center',
    hall: 'Main prayer hall',
    address: '1201 Mission Blvd, Fremont, CA 94539',
    startsAt: '2027-05-15T16:00:00Z',
    timeZone: 'America/Los_Angeles',
  },
  people: [
    { position: 1, firstName: 'Asha', lastName: 'Rao', ticketId: '3f1c2a9e-7b4d-4c1e-9a2b-5d6e7f8a9b0c' },
    { position: 2, firstName: 'Ravi', lastName: 'Rao', ticketId: '8a7b6c5d-4e3f-4a1b-8c9d-0e1f2a3b4c5d' },
  ],
  waitingPosition: null,
};

describe('the registration confirmation', () => {
  test('says where the confirmation e-mail went, the session in its own time zone, and who has which ticket', () => {
    render(<RegistrationConfirmation answer={answer} />);
    const region = screen.getByRole('region', { name: 'Registration received' });
    expect(region).toHaveTextContent('A confirmation has been sent to asha@example.org.');
    // 16:00 UTC is 9 AM in Fremont, wherever the visitor is.
    expect(region).toHaveTextContent('Bay Area Center');
    expect(region).toHaveTextContent('Main prayer hall');
    expect(region).toHaveTextContent('Sat, May 15, 2027, 9:00 AM PDT');
    const people = within(region)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(people).toEqual([
      'Asha Rao Ticket 3F1C2A9E · Ticket sent to asha@example.org',
      'Ravi Rao Ticket 8A7B6C5D · Ticket sent to asha@example.org',
    ]);
    expect(region).not.toHaveTextContent('waiting list');
  });

  test('says when no confirmation was mailed (the address had its confirmations for the day)', () => {
    render(<RegistrationConfirmation answer={{ ...answer, confirmationEmailed: false }} />);
    const region = screen.getByRole('region', { name: 'Registration received' });
    expect(region).toHaveTextContent('Your registration number is BGM-000042.');
    expect(region).toHaveTextContent('No confirmation e-mail was sent to asha@example.org');
    expect(region).not.toHaveTextContent('A confirmation has been sent');
    expect(region).not.toHaveTextContent('Ticket sent to');
    expect(region).toHaveTextContent('Ticket 3F1C2A9E');
  });

  test('a waiting family reads its place in line and what happens next, and no tickets', () => {
    const waiting: RegistrationResponse = {
      ...answer,
      status: 'waiting',
      waitingPosition: 3,
      people: answer.people.map((person) => ({ ...person, ticketId: null })),
    };
    render(<RegistrationConfirmation answer={waiting} />);
    const region = screen.getByRole('region', { name: 'Registration received' });
    expect(region).toHaveTextContent('You are number 3 on the waiting list.');
    expect(region).toHaveTextContent(
      'When places free up, we e-mail an offer to asha@example.org. The offer holds the places for 48 hours',
    );
    expect(within(region).getByRole('heading', { name: 'On the waiting list' })).toBeInTheDocument();
    expect(
      within(region)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Asha Rao ', 'Ravi Rao ']);
    expect(region).not.toHaveTextContent('Ticket');
  });
});
