import { expect, test, vi } from 'vitest';
import { registrationResolver } from './registration-schemas';

// The shared schemas' chunk cannot be fetched (the connection dropped after the page loaded).
vi.mock('@store/shared/registration', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

test('when the checks cannot be loaded, the form is refused with the page message instead of hanging', async () => {
  const result = await registrationResolver({ sessionId: 1, registrants: [] }, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  expect(result.values).toEqual({});
  expect(result.errors.root?.message).toBe('Registration could not be submitted. Please try again.');
});
