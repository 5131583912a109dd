/**
 * `npm install` on the Node version the project supports (package.json "engines", Node 20) prints no
 * engine warnings: every locked package accepts it. cookie@2 and content-disposition@3 ask for Node 22,
 * so package.json overrides them with cookie@1.1 and content-disposition@2, whose APIs the Fastify
 * plugins use unchanged (parseCookie/stringifySetCookie, create). A dry run reads only the lock file.
 */
import { execFile } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

test('npm ci on this Node prints no EBADENGINE warning', async () => {
  const { stdout, stderr } = await promisify(execFile)('npm', ['ci', '--dry-run', '--no-audit', '--no-fund'], {
    cwd: repoRoot,
  });
  expect(`${stdout}${stderr}`).not.toMatch(/EBADENGINE[^\n]*\n[^\n]*package: '[^']+'/);
  expect(`${stdout}${stderr}`).not.toContain('EBADENGINE');
});
