/**
 * `npm test`'s last step: fails when a SQL statement ran on one database and never on the other
 * (test/statements/compare-statements.ts). The run recorded them into TEST_STATEMENT_LOG_DIR.
 *   node --import tsx test/statements/check-both-databases.ts <dir>
 */
import { existsSync } from 'node:fs';
import { compareStatements, comparisonReport, readStatements } from './compare-statements';

const dir = process.argv[2];
if (!dir || !existsSync(dir)) {
  console.error(`Usage: check-both-databases.ts <directory of recorded statements> (got ${dir ?? 'nothing'})`);
  process.exit(2);
}
const comparison = compareStatements(readStatements(dir));
const report = comparisonReport(comparison);
const failed = comparison.onlyOn.pglite.length + comparison.onlyOn.postgres.length > 0;
if (comparison.pglite === 0 || comparison.postgres === 0) {
  console.error(`${report}\nOne database ran nothing: were both runs skipped?`);
  process.exit(1);
}
if (failed) {
  console.error(
    `${report}\nEach statement must run on both databases: add a test on the other, or run that file on both.`,
  );
  process.exit(1);
}
console.log(`${report}\nEvery statement ran on both databases.`);
