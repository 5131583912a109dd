/**
 * The admin command's arguments. A password is never one of them: arguments stay in shell history
 * and show in every user's `ps`, so anything that looks like one is refused with the reason.
 */
import { type StaffRole, staffRoleSchema } from '@store/shared/staff';
import { CliError } from './cli-error';
import { type Flags, parseFlags } from './flags';

export const USAGE = `Usage: npm run admin -- <command>

  create <username> [--role R] [--center ID]
                              add a staff member: R is owner (the default: everything),
                              treasurer, editor or volunteer; a volunteer needs --center
  set-role <username> --role R [--center ID]
                              change a member's role (their sessions end)
  reset-password <username>   give a member a new password
  list                        show the staff (names, roles, two-factor, dates; never passwords)
  delete <username>           remove a member

The password is asked twice at a hidden prompt or, when stdin is not a terminal, read from its
first line:  printf '%s\\n' "$PASSWORD" | npm run admin -- create treasurer
It is never taken as an argument. Settings as for the server: DATABASE_URL, or DATA_DIR (PGlite).`;

const PASSWORD_ARGUMENT =
  'Passwords are never taken as arguments (they would stay in shell history and show in the process list). ' +
  'Type it at the prompt, or send it as the first line of stdin.';

export type RoleChoice = { role?: StaffRole; centerId?: number };

export type Command =
  | { name: 'create'; username: string; choice: RoleChoice }
  | { name: 'set-role'; username: string; choice: RoleChoice & { role: StaffRole } }
  | { name: 'reset-password' | 'delete'; username: string }
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
  if (name === 'create' || name === 'set-role') {
    const [username, ...options] = rest;
    if (username === undefined || username.startsWith('--'))
      throw new CliError(`${name} needs a username.\n\n${USAGE}`, 2);
    // `create bob s3cret...`: the likeliest meaning of a bare second argument is a password.
    if (options[0] !== undefined && !options[0].startsWith('--')) throw new CliError(PASSWORD_ARGUMENT, 2);
    const choice = roleChoice(parseFlags(options, { values: ['role', 'center'], switches: [] }, USAGE));
    if (name === 'create') return { name, username, choice };
    if (!choice.role) throw new CliError(`set-role needs --role.\n\n${USAGE}`, 2);
    return { name, username, choice: { ...choice, role: choice.role } };
  }
  if (name === 'reset-password' || name === 'delete') {
    const [username, ...extra] = rest;
    if (username === undefined) throw new CliError(`${name} needs a username.\n\n${USAGE}`, 2);
    // `create bob s3cret...`: the likeliest meaning of a second argument is a password.
    if (extra.length > 0) throw new CliError(name === 'delete' ? `delete takes one username.` : PASSWORD_ARGUMENT, 2);
    return { name, username };
  }
  throw new CliError(`Unknown command "${name}".\n\n${USAGE}`, 2);
}

function roleChoice(flags: Flags): RoleChoice {
  const choice: RoleChoice = {};
  const role = flags.values.get('role');
  if (role !== undefined) {
    const parsed = staffRoleSchema.safeParse(role);
    if (!parsed.success)
      throw new CliError(`--role must be owner, treasurer, editor or volunteer, not "${role}".\n\n${USAGE}`, 2);
    choice.role = parsed.data;
  }
  const center = flags.values.get('center');
  if (center !== undefined) {
    if (!/^[1-9]\d{0,8}$/.test(center))
      throw new CliError(`--center must be a center id (a number), not "${center}".\n\n${USAGE}`, 2);
    choice.centerId = Number(center);
  }
  if (choice.role === 'volunteer' && choice.centerId === undefined) {
    throw new CliError(`A volunteer needs --center (their center's id).\n\n${USAGE}`, 2);
  }
  if (choice.centerId !== undefined && choice.role !== 'volunteer') {
    throw new CliError(`--center is for volunteers only.\n\n${USAGE}`, 2);
  }
  return choice;
}
