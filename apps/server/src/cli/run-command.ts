/**
 * The entry of an `npm run <command>` script: runs the command with the process's arguments and sets
 * the exit code. A refusal the operator can act on (CliError, a bad setting or site.json) is one line
 * on stderr and its own code; anything else is printed whole, exit 1.
 */
import { ConfigError } from '#src/config';
import { SiteConfigError } from '#src/site/load-site';
import { CliError } from './cli-error';

/** Where a command writes its lines (stdout in a process). */
export type CommandOutput = { log: (line: string) => void };

export type Command = (args: string[], out: CommandOutput) => Promise<void>;

/** Where the lines go: stdout and stderr in a process; a test's strings in-process. */
export type CommandStreams = CommandOutput & { error: (...values: unknown[]) => void };

const processStreams: CommandStreams = {
  log: (line) => console.log(line),
  error: (...values) => console.error(...values),
};

export async function runCommand(command: Command): Promise<void> {
  process.exitCode = await exitCodeOf(command, process.argv.slice(2));
}

/** Runs the command and answers the exit code the process would end with, having said why on `streams.error`. */
export async function exitCodeOf(command: Command, args: string[], streams = processStreams): Promise<number> {
  try {
    await command(args, { log: streams.log });
    return 0;
  } catch (error) {
    if (error instanceof CliError) {
      streams.error(error.message);
      return error.exitCode;
    }
    if (error instanceof ConfigError || error instanceof SiteConfigError) {
      streams.error(error.message);
      return 1;
    }
    streams.error('The command failed:', error);
    return 1;
  }
}
