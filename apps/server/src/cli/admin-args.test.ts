import { describe, expect, it } from 'vitest';
import { parseArgs } from './admin-args';
import { CliError } from './cli-error';

function refusal(args: string[]): CliError {
  try {
    parseArgs(args);
  } catch (error) {
    if (error instanceof CliError) return error;
    throw error;
  }
  throw new Error(`accepted: ${args.join(' ')}`);
}

describe('admin command arguments', () => {
  it('reads the four commands', () => {
    expect(parseArgs(['create', 'treasurer'])).toEqual({ name: 'create', username: 'treasurer', choice: {} });
    expect(parseArgs(['reset-password', 'treasurer'])).toEqual({ name: 'reset-password', username: 'treasurer' });
    expect(parseArgs(['delete', 'treasurer'])).toEqual({ name: 'delete', username: 'treasurer' });
    expect(parseArgs(['list'])).toEqual({ name: 'list' });
    expect(parseArgs([])).toEqual({ name: 'help' });
    expect(parseArgs(['--help'])).toEqual({ name: 'help' });
  });

  it('refuses anything that looks like a password argument, saying why', () => {
    for (const args of [
      ['create', 'treasurer', 'correct horse battery'],
      ['reset-password', 'treasurer', 'x'],
      ['create', 'treasurer', '--password=correct horse battery'],
      ['create', '--password', 'x', 'treasurer'],
      ['create', '-p', 'treasurer'],
      ['list', '--pass=x'],
    ]) {
      const error = refusal(args);
      expect(error.exitCode, args.join(' ')).toBe(2);
      expect(error.message).toContain('Passwords are never taken as arguments');
    }
  });

  it("reads a role and a volunteer's center (issue 21), refusing what cannot be meant", () => {
    expect(parseArgs(['create', 'ann', '--role', 'treasurer'])).toEqual({
      name: 'create',
      username: 'ann',
      choice: { role: 'treasurer' },
    });
    expect(parseArgs(['create', 'vol', '--role=volunteer', '--center', '2'])).toEqual({
      name: 'create',
      username: 'vol',
      choice: { role: 'volunteer', centerId: 2 },
    });
    expect(parseArgs(['set-role', 'ann', '--role', 'editor'])).toEqual({
      name: 'set-role',
      username: 'ann',
      choice: { role: 'editor' },
    });
    expect(refusal(['create', 'ann', '--role', 'king']).message).toMatch(
      /^--role must be owner, treasurer, editor or volunteer, not "king"/,
    );
    expect(refusal(['create', 'vol', '--role', 'volunteer']).message).toMatch(/^A volunteer needs --center/);
    expect(refusal(['create', 'ann', '--role', 'editor', '--center', '2']).message).toMatch(
      /^--center is for volunteers only/,
    );
    expect(refusal(['create', 'vol', '--role', 'volunteer', '--center', 'two']).message).toMatch(
      /^--center must be a center id/,
    );
    expect(refusal(['set-role', 'ann']).message).toMatch(/^set-role needs --role/);
    expect(refusal(['create', 'ann', '--colour', 'red']).message).toMatch(/^Unknown option --colour/);
    for (const args of [
      ['create', 'ann', '--role'],
      ['set-role', '--role', 'editor'],
    ])
      expect(refusal(args).exitCode).toBe(2);
  });

  it('explains a wrong command or a missing username', () => {
    expect(refusal(['promote', 'x']).message).toMatch(/^Unknown command "promote"\.\n\nUsage:/);
    expect(refusal(['create']).message).toMatch(/^create needs a username\./);
    expect(refusal(['list', 'x']).message).toMatch(/^list takes no arguments\./);
    expect(refusal(['delete', 'a', 'b']).message).toBe('delete takes one username.');
  });
});
