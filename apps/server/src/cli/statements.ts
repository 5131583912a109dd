/** `npm run statements -- --year 2026 [--dry-run]`: see statements-command.ts. */
import { runCommand } from './run-command';
import { runStatementsCommand } from './statements-command';

await runCommand((args, out) => runStatementsCommand(args, out));
