/**
 * The entry of an `npm run <command>` script: runs the command with the process's arguments and sets
 * the exit code. A refusal the operator can act on (CliError, a bad setting or site.json) is one line
 * on stderr and its own code; anything else is printed whole, exit 1.
 */
import { ConfigError } from '#src/config';
import { SiteConfigError } from '#src/site/load-site';
import { CliError } from './cli-error';

export type Command = (args: string[], out: { log: (line: string) => void }) => Promise<void>;

export async function runCommand(command: Command): Promise<void> {
  process.exitCode = await exitCodeOf(command, process.argv.slice(2));
}

async function exitCodeOf(command: Command, args: string[]): Promise<number> {
  try {
    await command(args, { log: (line) => console.log(line) });
    return 0;
  } catch (error) {
    if (error instanceof CliError) {
      console.error(error.message);
      return error.exitCode;
    }
    if (error instanceof ConfigError || error instanceof SiteConfigError) {
      console.error(error.message);
      return 1;
    }
    console.error('The command failed:', error);
    return 1;
  }
}
