/**
 * Which test files a project takes, read from each file's text so that a new test is placed
 * without anyone editing a list (the rules are in docs/testing.md, "Where a new test goes"):
 *  - a server test that opens a database through the test helpers (`describeWithDb`,
 *    `createTestDb`, `buildTestApp`) or branches on the database (`usingPostgres`) runs on PGlite
 *    and on PostgreSQL; any other server test never touches a database and runs once;
 *  - a web test that replaces a module (`vi.mock`) runs in a fresh module graph of its own; the
 *    others share their worker's, since a mock would not replace a module already imported there.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export const OPENS_A_DATABASE = /\b(describeWithDb|createTestDb|buildTestApp|usingPostgres)\b/;
export const MOCKS_A_MODULE = /\bvi\.(mock|doMock)\(/;

export type SplitTestFiles = { marked: string[]; unmarked: string[] };

/** Test files under `root/dir` ending in `suffix`, as paths relative to `root` (Vitest's `include`), split by `marker`. */
export function splitTestFiles(root: string, dir: string, suffix: RegExp, marker: RegExp): SplitTestFiles {
  const files = readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && suffix.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  const split: SplitTestFiles = { marked: [], unmarked: [] };
  for (const file of files)
    (marker.test(readFileSync(file, 'utf8')) ? split.marked : split.unmarked).push(relative(root, file));
  return split;
}
