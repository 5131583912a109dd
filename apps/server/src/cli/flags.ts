/**
 * `--name value`, `--name=value` and bare `--switch` arguments for the operator's commands (backup,
 * restore, db:move). Every refusal names the argument and is a usage error (exit code 2).
 */
import { CliError } from './cli-error';

export type FlagSpec = { values: readonly string[]; switches: readonly string[] };

export type Flags = { values: Map<string, string>; switches: Set<string> };

export function parseFlags(args: readonly string[], spec: FlagSpec, usage: string): Flags {
  const values = new Map<string, string>();
  const switches = new Set<string>();
  const refuse = (problem: string) => new CliError(`${problem}\n\n${usage}`, 2);
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    const match = /^--([a-z][a-z-]*)(?:=(.*))?$/s.exec(arg);
    if (!match?.[1]) throw refuse(`Unexpected argument "${arg}".`);
    const name = match[1];
    if (spec.switches.includes(name)) {
      if (match[2] !== undefined) throw refuse(`--${name} takes no value.`);
      switches.add(name);
      continue;
    }
    if (!spec.values.includes(name)) throw refuse(`Unknown option --${name}.`);
    if (values.has(name)) throw refuse(`--${name} is given twice.`);
    const value = match[2] ?? args[++i];
    if (value === undefined || value === '' || (match[2] === undefined && value.startsWith('--'))) {
      throw refuse(`--${name} needs a value.`);
    }
    values.set(name, value);
  }
  return { values, switches };
}

/** The value of a required option, or a usage error naming it. */
export function requiredFlag(flags: Flags, name: string, usage: string): string {
  const value = flags.values.get(name);
  if (value === undefined) throw new CliError(`--${name} is required.\n\n${usage}`, 2);
  return value;
}
