import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { RegistrationConfirmation } from './registration-confirmation';

const answer = { registrationNumber: 'BGM-000042', registrants: 2, email: 'asha@example.org' };

describe('the registration confirmation', () => {
  test('says where the confirmation e-mail went', () => {
    render(<RegistrationConfirmation answer={{ ...answer, confirmationEmailed: true }} />);
    expect(screen.getByRole('region', { name: 'Registration received' })).toHaveTextContent(
      'A confirmation has been sent to asha@example.org.',
    );
  });

  test('says when no confirmation was mailed (the address had its confirmations for the day)', () => {
    render(<RegistrationConfirmation answer={{ ...answer, confirmationEmailed: false }} />);
    const region = screen.getByRole('region', { name: 'Registration received' });
    expect(region).toHaveTextContent('Your registration number is BGM-000042.');
    expect(region).toHaveTextContent('No confirmation e-mail was sent to asha@example.org');
    expect(region).not.toHaveTextContent('A confirmation has been sent');
  });
});
