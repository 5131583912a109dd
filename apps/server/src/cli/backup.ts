/** `npm run backup` and `npm run restore`: see backup-command.ts. */
import { runBackupCommand } from './backup-command';
import { runCommand } from './run-command';

await runCommand((args, out) => runBackupCommand(args, out));
