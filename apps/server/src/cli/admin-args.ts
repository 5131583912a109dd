/**
 * The admin command's arguments. A password is never one of them: arguments stay in shell history
 * and show in every user's `ps`, so anything that looks like one is refused with the reason.
 */
import { CliError } from './cli-error';

export const USAGE = `Usage: npm run admin -- <command>

  create <username>           add an administrator
  reset-password <username>   give an administrator a new password
  list                        show the administrators (names and dates, never passwords)
  delete <username>           remove an administrator

The password is asked twice at a hidden prompt or, when stdin is not a terminal, read from its
first line:  printf '%s\\n' "$PASSWORD" | npm run admin -- create treasurer
It is never taken as an argument. Settings as for the server: DATABASE_URL, or DATA_DIR (PGlite).`;

const PASSWORD_ARGUMENT =
  'Passwords are never taken as arguments (they would stay in shell history and show in the process list). ' +
  'Type it at the prompt, or send it as the first line of stdin.';

export type Command =
  | { name: 'create' | 'reset-password' | 'delete'; username: string }
  | { name: 'list' }
  | { name: 'help' };

export function parseArgs(args: string[]): Command {
  if (args.some((arg) => /^--?p(ass(word)?)?(=|$)/i.test(arg))) throw new CliError(PASSWORD_ARGUMENT, 2);
  const [name, ...rest] = args;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') return { name: 'help' };
  if (name === 'list') {
    if (rest.length > 0) throw new CliError(`list takes no arguments.\n\n${USAGE}`, 2);
    return { name };
  }
  if (name === 'create' || name === 'reset-password' || name === 'delete') {
    const [username, ...extra] = rest;
    if (username === undefined) throw new CliError(`${name} needs a username.\n\n${USAGE}`, 2);
    // `create bob s3cret...`: the likeliest meaning of a second argument is a password.
    if (extra.length > 0) throw new CliError(name === 'delete' ? `delete takes one username.` : PASSWORD_ARGUMENT, 2);
    return { name, username };
  }
  throw new CliError(`Unknown command "${name}".\n\n${USAGE}`, 2);
}
