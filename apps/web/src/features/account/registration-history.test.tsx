/** The dashboard's registrations: each one the server gave a family link gets a "Manage" link to its page. */
import { render, screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { RegistrationHistory } from './registration-history';

test('links each registration to its own page to manage it, and shows none where no link came', () => {
  render(
    <RegistrationHistory
      registrations={[
        {
          registrationNumber: 'BGM-000042',
          date: '2026-11-20T10:00:00.000Z',
          registrants: [{ name: 'Asha Rao', age: 42, category: 'Memorization' }],
          session: {
            centerName: 'Dallas Center, Texas',
            hall: 'Datta Auditorium',
            startsAt: '2027-05-15T14:00:00.000Z',
            timeZone: 'America/Chicago',
          },
          status: 'registered',
          manageUrl: '/registration/yours?token=abc.def.ghi',
        },
        {
          registrationNumber: 'BGM-000041',
          date: '2026-11-19T10:00:00.000Z',
          registrants: [{ name: 'Ravi Rao', age: 44, category: 'Fluent Reading' }],
          session: null,
          status: 'cancelled',
        },
      ]}
    />,
  );
  const manage = screen.getByRole('link', { name: 'Manage BGM-000042' });
  expect(manage.getAttribute('href')).toBe('/registration/yours?token=abc.def.ghi');
  expect(screen.queryByRole('link', { name: 'Manage BGM-000041' })).toBeNull();
});
