/**
 * Hostile bytes on the wire, against the real server process (main.ts, this run's database, the
 * built web app): what only a socket can send. Every request is answered with a 4xx (or closed by
 * the HTTP parser), never a 5xx, never left hanging; no file outside the web build is served; the
 * server is still healthy afterwards and its database unchanged.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithDb } from '../../apps/server/test/test-db';
import { freePort } from '../../test/free-port';
import { changedTables, type DbFingerprint, fingerprint } from '../support/db-fingerprint';
import { recordFigures } from '../support/figures';
import { type RawAnswer, rawRequest } from '../support/raw-http';
import { FUZZ_RUNS, FUZZ_SEED } from '../support/scale';
import { createServerDatabase, type ServerDatabase } from '../support/server-database';
import { type ServerProcess, startServerProcess } from '../support/server-process';
import { builtWebDist } from './fuzz-target';

const CRLF = '\r\n';
const LEAK = /root:.*:0:0:|"name":\s*"donation-store"|PRIVATE KEY|DATABASE_URL/;

/** A name the server answers for (ALLOWED_HOSTS' default), so each case reaches what it tests. */
const OWN_HOST = 'Host: localhost';

function request(lines: string[], body = ''): string {
  return lines.join(CRLF) + CRLF + CRLF + body;
}

/** Named cases, each with what the server must answer. */
const CASES: { name: string; bytes: Buffer | string; expect: (a: RawAnswer) => boolean }[] = [
  {
    name: 'a body declared as 10 GB is refused before it is read',
    bytes: request(
      [
        'POST /api/public/payment/checkout HTTP/1.1',
        OWN_HOST,
        'Content-Type: application/json',
        'Content-Length: 10737418240',
      ],
      '{',
    ),
    expect: (a) => a.status === 413,
  },
  {
    name: 'a chunked body past the limit is cut off',
    bytes: request(
      [
        'POST /api/public/payment/checkout HTTP/1.1',
        OWN_HOST,
        'Content-Type: application/json',
        'Transfer-Encoding: chunked',
      ],
      `${(300 * 1024).toString(16)}${CRLF}${'a'.repeat(300 * 1024)}${CRLF}0${CRLF}${CRLF}`,
    ),
    expect: (a) => a.status === 413,
  },
  {
    name: 'Content-Length and Transfer-Encoding together (request smuggling)',
    bytes: request(
      ['POST /api/public/payment/checkout HTTP/1.1', OWN_HOST, 'Content-Length: 4', 'Transfer-Encoding: chunked'],
      `0${CRLF}${CRLF}`,
    ),
    expect: (a) => a.status === 400,
  },
  {
    name: 'two different Content-Lengths',
    bytes: request(
      ['POST /api/public/payment/checkout HTTP/1.1', OWN_HOST, 'Content-Length: 2', 'Content-Length: 3'],
      '{}',
    ),
    expect: (a) => a.status === 400,
  },
  {
    name: 'a NUL in a header value',
    bytes: request(['GET /healthz HTTP/1.1', OWN_HOST, 'X-Test: a\u0000b']),
    expect: (a) => a.status === 400,
  },
  {
    name: 'a bare CR in a header value',
    bytes: request(['GET /healthz HTTP/1.1', OWN_HOST, 'X-Test: a\rb']),
    expect: (a) => a.status === 400,
  },
  {
    name: 'a header name that is not a token',
    bytes: request(['GET /healthz HTTP/1.1', OWN_HOST, 'X T(e)st: 1']),
    expect: (a) => a.status === 400,
  },
  {
    name: 'headers over 16 KB',
    bytes: request(['GET /healthz HTTP/1.1', OWN_HOST, `X-Big: ${'a'.repeat(20_000)}`]),
    expect: (a) => a.status === 431,
  },
  {
    name: 'a Host the server does not answer for (DNS rebinding)',
    bytes: request(['GET / HTTP/1.1', 'Host: evil.example', 'Origin: http://evil.example']),
    expect: (a) => a.status === 421 && a.text.includes('misdirected_request'),
  },
  {
    name: 'HTTP/1.0 without a Host header',
    bytes: request(['GET / HTTP/1.0']),
    expect: (a) => a.status === 421,
  },
  {
    name: 'bytes that are not UTF-8 in the path',
    bytes: Buffer.concat([Buffer.from('GET /api/public/\xff\xfe HTTP/1.1\r\nHost: localhost\r\n\r\n', 'latin1')]),
    expect: (a) => a.status === 400,
  },
  {
    name: 'an unknown HTTP version',
    bytes: request(['GET /healthz HTTP/9.9', OWN_HOST]),
    expect: (a) => a.status === 400 || a.status === 505,
  },
  {
    name: 'garbage instead of a request line',
    bytes: '\u0016\u0003\u0001\u0000\u00a5\u0001\u0000\u0000\u00a1\u0003\u0003',
    expect: (a) => a.status === 400 || (a.status === undefined && !a.timedOut),
  },
  {
    name: 'a JSON body with broken UTF-8 and a lying Content-Type charset',
    bytes: request(
      [
        'POST /auth/login HTTP/1.1',
        OWN_HOST,
        'Origin: http://localhost',
        'Content-Type: application/json; charset=utf-8',
        'Content-Length: 9',
      ],
      '{"a":"\xc3\x28"}',
    ),
    expect: (a) => a.status !== undefined && a.status >= 400 && a.status < 500,
  },
  ...[
    '/../../../../etc/passwd',
    '/assets/../../../package.json',
    '/assets/..%2f..%2f..%2fpackage.json',
    '/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
    '/..\\..\\..\\etc\\passwd',
    '//etc/passwd',
    '/assets/%252e%252e/package.json',
    '/images/../../../../apps/server/src/config.ts',
    '/.env',
    '/api/../../package.json',
  ].map((path) => ({
    name: `raw path ${path}`,
    bytes: request([`GET ${path} HTTP/1.1`, OWN_HOST]),
    expect: (a: RawAnswer) => a.status !== undefined && a.status < 500 && !LEAK.test(a.text),
  })),
];

/** Random request heads made of the parts a parser sees: method, target, version, header lines. */
const rawHead = fc
  .tuple(
    fc.constantFrom(
      'GET',
      'POST',
      'HEAD',
      'PUT',
      'DELETE',
      'OPTIONS',
      'TRACE',
      'CONNECT',
      'PRI',
      'get',
      'G\u0000T',
      '',
    ),
    fc.oneof(
      fc.constantFrom(
        '/',
        '/healthz',
        '/api/public/catalogue',
        '/api/report-data',
        '*',
        'http://evil.example/',
        '/report',
        '/auth/login',
      ),
      fc
        .string({ unit: fc.integer({ min: 0x21, max: 0xff }).map((c) => String.fromCharCode(c)), maxLength: 60 })
        .map((s) => `/${s}`),
    ),
    fc.constantFrom('HTTP/1.1', 'HTTP/1.0', 'HTTP/2.0', 'HTTP/1.1 extra', ''),
    fc.array(
      fc.tuple(
        fc.constantFrom(
          'Host',
          'Content-Length',
          'Transfer-Encoding',
          'Content-Type',
          'Authorization',
          'Expect',
          'Connection',
          'X-Forwarded-For',
          'Origin',
        ),
        fc.string({ unit: fc.integer({ min: 0x09, max: 0xff }).map((c) => String.fromCharCode(c)), maxLength: 40 }),
      ),
      { maxLength: 5 },
    ),
    fc.string({ unit: fc.integer({ min: 0, max: 0xff }).map((c) => String.fromCharCode(c)), maxLength: 80 }),
  )
  .map(([method, target, version, headers, body]) =>
    Buffer.from(
      `${method} ${target} ${version}${CRLF}${headers.map(([k, v]) => `${k}: ${v}`).join(CRLF)}${CRLF}${CRLF}${body}`,
      'latin1',
    ),
  );

describeWithDb('hostile bytes on the wire', () => {
  let database: ServerDatabase;
  let server: ServerProcess;
  let port: number;
  let before: DbFingerprint;
  const statuses: Record<string, number> = {};

  beforeAll(async () => {
    database = await createServerDatabase();
    port = await freePort();
    const webDist = builtWebDist();
    server = await startServerProcess({
      port,
      dataDir: database.dataDir,
      databaseUrl: database.databaseUrl,
      env: { LOG_LEVEL: 'warn', ...(webDist ? { WEB_DIST: webDist } : {}) },
    });
    // PGlite is single-process: its fingerprint is taken with the server stopped (afterAll), and
    // compared with a copy taken on a stopped server here.
    if (database.kind === 'pglite') {
      await server.stop();
      before = await database.withDb(fingerprint);
      server = await startServerProcess({
        port,
        dataDir: database.dataDir,
        databaseUrl: database.databaseUrl,
        env: { LOG_LEVEL: 'warn', ...(webDist ? { WEB_DIST: webDist } : {}) },
      });
    } else {
      before = await database.withDb(fingerprint);
    }
  });

  afterAll(async () => {
    const exit = await server?.stop();
    recordFigures('wire', { namedCases: CASES.length, randomCases: FUZZ_RUNS, statuses, exit });
    await database?.close();
  });

  for (const c of CASES) {
    it(c.name, async () => {
      const answer = await rawRequest(port, c.bytes);
      statuses[String(answer.status ?? 'closed')] = (statuses[String(answer.status ?? 'closed')] ?? 0) + 1;
      expect(answer.timedOut, 'no answer within 10 s').toBe(false);
      expect(c.expect(answer), `answered: ${answer.text.slice(0, 300)}`).toBe(true);
    });
  }

  it(
    'answers random request heads with a 4xx or a close, never a 5xx or a hang',
    async () => {
      await fc.assert(
        fc.asyncProperty(rawHead, async (bytes) => {
          const answer = await rawRequest(port, bytes);
          const key = String(answer.status ?? 'closed');
          statuses[key] = (statuses[key] ?? 0) + 1;
          if (answer.timedOut) throw new Error('no answer within 10 s');
          if (answer.status !== undefined && answer.status >= 500)
            throw new Error(`answered ${answer.text.slice(0, 300)}`);
          if (LEAK.test(answer.text))
            throw new Error(`served a file from outside the web build: ${answer.text.slice(0, 300)}`);
        }),
        { numRuns: FUZZ_RUNS, ...(FUZZ_SEED === undefined ? {} : { seed: FUZZ_SEED }) },
      );
    },
    120_000 + FUZZ_RUNS * 200,
  );

  it('is still healthy, and its database unchanged', async () => {
    const res = await fetch(`${server.baseUrl}/healthz`);
    expect(res.status).toBe(200);
    if (database.kind === 'pglite') await server.stop();
    const after = await database.withDb(fingerprint);
    expect(changedTables(before, after)).toEqual([]);
  });
});
