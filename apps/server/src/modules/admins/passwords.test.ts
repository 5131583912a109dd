import { parseOptions } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { hashPassword, passwordProblem, verifyLogin, verifyPassword } from './passwords';

describe('passwords', () => {
  it('hashes with argon2id at the chosen cost, salted, and verifies', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(parseOptions(hash)).toMatchObject({ algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });
    expect(await hashPassword('correct horse battery')).not.toBe(hash);
    expect(await verifyPassword(hash, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(hash, 'correct horse batterY')).toBe(false);
  });

  it('accepts the password however its accents were typed (Unicode NFC)', async () => {
    const hash = await hashPassword('caf\u00e9 au lait please');
    expect(await verifyPassword(hash, 'cafe\u0301 au lait please')).toBe(true);
  });

  it('answers false, never throws, for a hash that is not argon2', async () => {
    expect(await verifyPassword('not a hash', 'whatever password')).toBe(false);
  });

  it('always refuses an unknown administrator, after a full check against the dummy hash', async () => {
    expect(await verifyLogin(undefined, 'correct horse battery')).toBe(false);
    expect(await verifyLogin(await hashPassword('correct horse battery'), 'correct horse battery')).toBe(true);
  });

  it('wants at least 12 characters, counted as people count them', () => {
    expect(passwordProblem('eleven char')).toBe('The password must be at least 12 characters long (it has 11).');
    expect(passwordProblem('twelve chars')).toBeUndefined();
    // Eleven emoji are 22 UTF-16 units but eleven characters.
    expect(passwordProblem('\u{1F600}'.repeat(11))).toMatch(/at least 12 characters/);
    expect(passwordProblem('x'.repeat(1025))).toBe('The password must be at most 1024 characters long.');
  });

  it('refuses common and breached passwords for administrators too (CLI, ADMIN_PASSWORD)', () => {
    for (const password of ['password1234', 'aaaaaaaaaaaa', 'administrator1']) {
      expect(passwordProblem(password), password).toBe('This password is too common. Choose a less common one.');
    }
    expect(passwordProblem('correct horse battery')).toBeUndefined();
  });
});
