/**
 * Which server test files run on both databases and which run once. The rule, read from each
 * file's text so that a new test is placed without anyone editing a list: a file that opens a
 * database through the test helpers (`describeWithDb`, `createTestDb`, `buildTestApp`) or branches
 * on the database (`usingPostgres`) runs on PGlite and on PostgreSQL; any other file never touches
 * a database, and running it twice would prove nothing twice, so it runs once.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const OPENS_A_DATABASE = /\b(describeWithDb|createTestDb|buildTestApp|usingPostgres)\b/;

function testFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.test.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

export type ServerTestFiles = { withDatabase: string[]; withoutDatabase: string[] };

/** Paths relative to `root` (the repository), as Vitest's `include` takes them. */
export function serverTestFiles(root: string, sourceDir = 'apps/server/src'): ServerTestFiles {
  const files = testFilesUnder(join(root, sourceDir)).sort();
  const withDatabase: string[] = [];
  const withoutDatabase: string[] = [];
  for (const file of files) {
    (OPENS_A_DATABASE.test(readFileSync(file, 'utf8')) ? withDatabase : withoutDatabase).push(relative(root, file));
  }
  return { withDatabase, withoutDatabase };
}
