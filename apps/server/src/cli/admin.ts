/** `npm run admin -- …`: see admin-command.ts. */
import { runAdminCommand } from './admin-command';
import { runCommand } from './run-command';

await runCommand((args, out) => runAdminCommand(args, out));
