/**
 * `npm run admin -- create|reset-password|list|delete|set-role`: the report's administrators, from
 * the command line (issue 4). Same settings as the server (DATABASE_URL, or PGlite in DATA_DIR), and
 * it migrates first, so it works on a fresh data directory. On PGlite the server must be stopped
 * (PGlite is one process); on PostgreSQL it runs beside the servers. admin.ts runs it as a process;
 * tests call it in-process too, with the settings and stdin they choose.
 */
import type { Readable } from 'node:stream';
import { type Config, loadConfig } from '#src/config';
import { type DbConnection, openDatabase } from '#src/db/client';
import { migrateDatabase } from '#src/db/migrate';
import { isAppError } from '#src/errors/app-error';
import {
  checkNewPassword,
  countAdmins,
  createAdmin,
  deleteAdmin,
  findAdminByUsername,
  listAdmins,
  setAdminPassword,
  USERNAME_MESSAGE,
  usernameSchema,
} from '#src/modules/admins/admin-repo';
import { INITIAL_ADMIN_USERNAME, removeInitialPasswordFile } from '#src/modules/admins/ensure-admin';
import { CLI_ACTOR, recordAudit } from '#src/modules/staff/audit';
import { changeStaffMember } from '#src/modules/staff/members';
import { loadSite } from '#src/site/load-site';
import { type Command, parseArgs, USAGE } from './admin-args';
import { CliError } from './cli-error';
import { readNewPassword, typedAtTerminal } from './read-password';
import type { CommandOutput } from './run-command';

async function open(config: Config): Promise<DbConnection> {
  let connection: DbConnection;
  try {
    connection = await openDatabase(config.database);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const hint =
      config.database.kind === 'pglite'
        ? '\nThe embedded database (PGlite) serves one process at a time: stop the server on this DATA_DIR, ' +
          'run the command, then start the server again.'
        : '';
    throw new CliError(`Cannot open the database: ${reason}${hint}`);
  }
  try {
    await migrateDatabase(connection);
  } catch (error) {
    await connection.close();
    throw error;
  }
  return connection;
}

function printTable(out: CommandOutput, rows: string[][]): void {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((row) => row[i]?.length ?? 0))) ?? [];
  for (const row of rows)
    out.log(
      row
        .map((cell, i) => cell.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    );
}

const when = (date: Date) => `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

async function run(
  command: Exclude<Command, { name: 'help' }>,
  out: CommandOutput,
  config: Config,
  input: Readable,
): Promise<void> {
  if (command.name === 'set-role') return setRole(command, out, config);
  if (command.name === 'create' && !usernameSchema.safeParse(command.username).success) {
    throw new CliError(`${USERNAME_MESSAGE}.`);
  }
  // From a pipe nobody is typing: read and check the password before opening the database, so a
  // script's mistake fails fast. At a terminal, the database comes first (see below).
  let piped: string | undefined;
  if ((command.name === 'create' || command.name === 'reset-password') && !typedAtTerminal(input)) {
    piped = await readNewPassword(input);
    checkNewPassword(piped);
  }
  const newPassword = async () => piped ?? (await readNewPassword(input));
  const connection = await open(config);
  const { db } = connection;
  try {
    if (command.name === 'list') {
      const admins = await listAdmins(db);
      if (admins.length === 0) out.log('No administrators.');
      else
        printTable(out, [
          ['USERNAME', 'ROLE', 'CENTER', 'TWO-FACTOR', 'CREATED', 'UPDATED'],
          ...admins.map((a) => [
            a.username,
            a.disabled ? `${a.role} (disabled)` : a.role,
            a.centerId === null ? '' : String(a.centerId),
            a.totpEnabled ? 'on' : 'off',
            when(a.createdAt),
            when(a.updatedAt),
          ]),
        ]);
      return;
    }
    const { username } = command;
    const existing = await findAdminByUsername(db, username);
    // Checked before the prompt, so nobody types a password twice for nothing.
    if (command.name === 'create' && existing) {
      throw new CliError(`An administrator "${existing.username}" already exists (usernames ignore case).`);
    }
    if (command.name !== 'create' && !existing) throw new CliError(`There is no administrator "${username}".`);

    if (command.name === 'delete') {
      await deleteAdmin(db, username);
      out.log(`Administrator "${existing?.username ?? username}" deleted.`);
      if ((await countAdmins(db)) === 0) {
        out.log(
          `No administrators are left: the next server start creates "${INITIAL_ADMIN_USERNAME}" with a new random password.`,
        );
      }
    } else if (command.name === 'create') {
      const { role = 'owner', centerId } = command.choice;
      if (centerId !== undefined) checkCenter(config, centerId);
      const password = await newPassword();
      const created = await db.transaction(async (tx) => {
        const member = await createAdmin(tx, { username, password, role, centerId: centerId ?? null });
        await recordAudit(tx, {
          actor: CLI_ACTOR,
          action: 'staff.create',
          targetType: 'staff',
          targetId: member.id,
          after: { username, role, centerId: member.centerId },
        });
        return member;
      });
      out.log(
        `Staff member "${created.username}" created as ${created.role}${created.centerId === null ? '' : ` of center ${created.centerId}`}.`,
      );
      return;
    } else {
      await setAdminPassword(db, { username, password: await newPassword() });
      out.log(`Password of "${existing?.username ?? username}" changed.`);
    }
    if (username.toLowerCase() === INITIAL_ADMIN_USERNAME && removeInitialPasswordFile(config.dataDir)) {
      out.log('Removed the now stale initial-admin-password file.');
    }
  } finally {
    await connection.close();
  }
}

/** A volunteer's center must be one of site.json's. */
function checkCenter(config: Config, centerId: number): void {
  const site = loadSite(config.siteConfigPath);
  if (!site.centers.some((center) => center.id === centerId)) {
    const known = site.centers.map((center) => `${center.id} (${center.name})`).join(', ');
    throw new CliError(`There is no center ${centerId}. The centers are: ${known}.`, 2);
  }
}

async function setRole(
  command: Extract<Command, { name: 'set-role' }>,
  out: CommandOutput,
  config: Config,
): Promise<void> {
  const { role, centerId } = command.choice;
  if (centerId !== undefined) checkCenter(config, centerId);
  const connection = await open(config);
  try {
    const existing = await findAdminByUsername(connection.db, command.username);
    if (!existing) throw new CliError(`There is no administrator "${command.username}".`);
    const member = await changeStaffMember(
      connection.db,
      existing.id,
      { role, centerId: centerId ?? null },
      { actor: CLI_ACTOR, isCenter: async () => true },
    );
    out.log(
      `"${member.username}" is now ${member.role}${member.centerId === null ? '' : ` of center ${member.centerId}`}; their sessions were ended.`,
    );
  } finally {
    await connection.close();
  }
}

/**
 * Runs one admin command: its lines go to `out`, a refusal is thrown as a CliError (the message and
 * exit code run-command.ts prints). The password comes from `input` (stdin by default).
 */
export async function runAdminCommand(
  args: string[],
  out: CommandOutput,
  options: { config?: Config; input?: Readable } = {},
): Promise<void> {
  const command = parseArgs(args);
  if (command.name === 'help') {
    out.log(USAGE);
    return;
  }
  try {
    await run(command, out, options.config ?? loadConfig(), options.input ?? process.stdin);
  } catch (error) {
    // Our own refusals (too short, duplicate, unknown): the message says it all.
    if (isAppError(error)) throw new CliError(error.message);
    throw error;
  }
}
