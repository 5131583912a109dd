/** `npm run billing -- [--as-of YYYY-MM-DD] [--dry-run] [--json]`: see billing-command.ts. */
import { ConfigError } from '#src/config';
import { SiteConfigError } from '#src/site/load-site';
import { runBillingCommand } from './billing-command';
import { CliError } from './cli-error';

async function main(args: string[]): Promise<number> {
  try {
    await runBillingCommand(args, { log: (line) => console.log(line) });
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

process.exitCode = await main(process.argv.slice(2));
