/**
 * The committed `.env.example` (what compose.yml's operator copies to `.env`) lists every variable
 * the server reads, each with a value the server accepts: the file parses as a configuration.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from 'vitest';
import { ENV_NAMES, loadConfig } from '../apps/server/src/config';

const file = readFileSync(resolve(import.meta.dirname, '../.env.example'), 'utf8');
const entries = file
  .split('\n')
  .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
  .map((line): [string, string] => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]);

test('.env.example names every variable the server reads', () => {
  const listed = new Set(entries.map(([name]) => name));
  expect(ENV_NAMES.filter((name) => !listed.has(name))).toEqual([]);
});

test('.env.example is a valid configuration as it stands', () => {
  const config = loadConfig(Object.fromEntries(entries));
  expect(config.database.kind).toBe('postgres');
  expect(config.payment).toEqual({ gateway: 'sandbox' });
  expect(config.host).toBe('0.0.0.0');
});

test('.env itself is never committed', () => {
  expect(readFileSync(resolve(import.meta.dirname, '../.gitignore'), 'utf8')).toMatch(/^\.env$/m);
});
