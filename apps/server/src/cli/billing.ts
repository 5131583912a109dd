/** `npm run billing -- [--as-of YYYY-MM-DD] [--dry-run] [--json]`: see billing-command.ts. */
import { runBillingCommand } from './billing-command';
import { runCommand } from './run-command';

await runCommand((args, out) => runBillingCommand(args, out));
