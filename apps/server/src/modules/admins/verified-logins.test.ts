import { describe, expect, it } from 'vitest';
import { createVerifiedLogins } from './verified-logins';

describe('verified logins', () => {
  it('remembers a success for five minutes, for that id, hash and password only', () => {
    let now = 1_000_000;
    const verified = createVerifiedLogins(() => now);
    verified.add('id-1', 'hash-1', 'pw');
    expect(verified.has('id-1', 'hash-1', 'pw')).toBe(true);
    expect(verified.has('id-1', 'hash-1', 'pw2')).toBe(false);
    // A reset password is a new hash: the old password is no longer remembered.
    expect(verified.has('id-1', 'hash-2', 'pw')).toBe(false);
    expect(verified.has('id-2', 'hash-1', 'pw')).toBe(false);
    now += 5 * 60 * 1000 + 1;
    expect(verified.has('id-1', 'hash-1', 'pw')).toBe(false);
  });

  it('keeps at most 500 entries, dropping the oldest', () => {
    const verified = createVerifiedLogins();
    for (let i = 0; i < 501; i += 1) verified.add(`id-${i}`, 'h', 'p');
    expect(verified.has('id-0', 'h', 'p')).toBe(false);
    expect(verified.has('id-1', 'h', 'p')).toBe(true);
    expect(verified.has('id-500', 'h', 'p')).toBe(true);
  });

  it('lets the same credentials wait for the check of them already running, until it ends however it ends', async () => {
    const verified = createVerifiedLogins();
    expect(verified.running('id-1', 'h', 'pw')).toBeUndefined();
    let fail = (_: Error): void => undefined;
    verified.markRunning('id-1', 'h', 'pw', new Promise((_, reject) => (fail = reject)));
    const running = verified.running('id-1', 'h', 'pw');
    expect(running).toBeDefined();
    // Other credentials do not wait for it.
    expect(verified.running('id-1', 'h', 'other')).toBeUndefined();
    fail(new Error('wrong password'));
    await expect(running).resolves.toBeUndefined();
    expect(verified.running('id-1', 'h', 'pw')).toBeUndefined();
  });
});
