import { describe, expect, it } from 'vitest';
import { isTooCommonPassword } from './password-strength';

describe('isTooCommonPassword', () => {
  it('refuses listed, repeated, sequential and keyboard-walk passwords', () => {
    for (const password of [
      'aaaaaaaaaaaa',
      'password1234',
      '123456789012',
      'qwertyuiop123',
      'iloveyou1234',
      'letmein12345',
      'passwordpassword',
      'P@ssw0rd1234',
    ]) {
      expect(isTooCommonPassword(password), password).toBe(true);
    }
  });

  it('accepts passphrases and random passwords', () => {
    for (const password of ['correct horse battery', 'the right passphrase', 'Tr0ub4dor&3xyz', 've8#kq2!Lm9zR']) {
      expect(isTooCommonPassword(password), password).toBe(false);
    }
  });

  it('judges a very long password by its beginning, quickly', () => {
    expect(isTooCommonPassword(`${'x7Qp!'.repeat(200)}`)).toBe(true);
    expect(isTooCommonPassword(`correct horse battery ${'a'.repeat(1000)}`)).toBe(false);
  });
});
