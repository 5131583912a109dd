import { describe, expect, it } from 'vitest';
import {
  authMessages,
  loginRequestSchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  registerRequestSchema,
} from './auth';

function fieldErrors(schema: typeof registerRequestSchema | typeof loginRequestSchema, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('account rules', () => {
  it('accepts a registration with a long enough password and trims name and e-mail', () => {
    const parsed = registerRequestSchema.parse({
      name: ' Asha Rao ',
      email: ' asha@example.org ',
      password: 'correct horse battery',
    });
    expect(parsed).toEqual({ name: 'Asha Rao', email: 'asha@example.org', password: 'correct horse battery' });
  });

  it('names each bad field of a registration', () => {
    expect(fieldErrors(registerRequestSchema, { name: ' ', email: 'nope', password: 'short' })).toEqual({
      name: authMessages.name,
      email: authMessages.email,
      password: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
    });
  });

  it('keeps a password exactly as typed (spaces count)', () => {
    const password = '  twelve chars ';
    expect(registerRequestSchema.parse({ name: 'A', email: 'a@b.co', password }).password).toBe(password);
  });

  it('does not judge an old password at login, but needs one', () => {
    expect(fieldErrors(loginRequestSchema, { email: 'a@b.co', password: 'x' })).toEqual({});
    expect(fieldErrors(loginRequestSchema, { email: 'a@b.co', password: '' })).toEqual({
      password: 'Password is required',
    });
    expect(fieldErrors(loginRequestSchema, { email: 'a@b.co', password: 'x'.repeat(300) }).password).toBeDefined();
  });

  // The messages are literals (the catalogues' extractor reads only literals): they must name the rule's numbers.
  it("words the password's length rule with its numbers", () => {
    expect(authMessages.password).toBe(`Password must be at least ${PASSWORD_MIN_LENGTH} characters`);
    expect(authMessages.passwordTooLong).toBe(`Password must be at most ${PASSWORD_MAX_LENGTH} characters`);
  });
});
