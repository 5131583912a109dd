import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { describeWithDb } from '../test/test-db';
import { createLogger, redactUrl, unredacted } from './logger';

const logLine = z.looseObject({ reqId: z.string().optional(), responseTime: z.unknown() });

describe('redactUrl', () => {
  it('masks the values of secret-looking query parameters only', () => {
    expect(redactUrl('/auth-success?token=eyJhbGci.x.y')).toBe('/auth-success?token=[redacted]');
    expect(redactUrl('/auth/google/callback?code=4%2F0A&state=s1')).toBe(
      '/auth/google/callback?code=[redacted]&state=s1',
    );
    expect(redactUrl('/api/report-data.csv?from=2026-01-01&access_key=k')).toBe(
      '/api/report-data.csv?from=2026-01-01&access_key=[redacted]',
    );
    expect(redactUrl('/cart')).toBe('/cart');
    expect(redactUrl('/x?flag&page=2')).toBe('/x?flag&page=2');
  });
});

describe('createLogger', () => {
  it('masks secrets a module logs by mistake, also once the unredacted access logger exists', () => {
    const written: string[] = [];
    const logger = createLogger('info', { write: (line: string) => written.push(line) });
    unredacted(logger).info({ reqId: 'r1' }, 'request completed');
    logger.info({ body: { password: 'SECRET-1', cardNumber: 'SECRET-2' } }, 'oops');
    logger.child({ reqId: 'r2' }).info({ input: { token: 'SECRET-3' } }, 'oops');
    logger.info({ config: { ticketSigningKey: 'SECRET-4' }, secrets: { ticketSigning: 'SECRET-5' } }, 'oops');
    expect(written).toHaveLength(4);
    expect(written.join('')).not.toContain('SECRET');
    expect(written[1]).toContain('"password":"[redacted]"');
  });
});

describeWithDb('request logs', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ logger: createLogger('info', { write: (line: string) => lines.push(line) }) });
  });
  afterAll(() => t?.close());

  it('never contain tokens from URLs, nor authorization or cookie headers', async () => {
    await t.app.inject({ url: '/auth-success?token=SECRET-JWT-VALUE' });
    await t.app.inject({
      url: '/api/public/catalogue',
      headers: { authorization: 'Basic U0VDUkVULUJBU0lD', cookie: 'sid=SECRET-COOKIE' },
    });
    const text = lines.join('');
    expect(text).toContain('/auth-success?token=[redacted]');
    expect(text).toContain('/api/public/catalogue');
    expect(text).not.toContain('SECRET');
    expect(text).not.toContain('U0VDUkVULUJBU0lD');
  });

  it('are one line per request, with its status and time', async () => {
    lines.length = 0;
    const res = await t.app.inject({ url: '/api/public/catalogue?x=1' });
    const entries = lines
      .map((line) => logLine.parse(JSON.parse(line)))
      .filter((entry) => entry.reqId === res.headers['x-request-id']);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/api/public/catalogue?x=1' },
      res: { statusCode: 200 },
    });
    expect(typeof entries[0]?.responseTime).toBe('number');
  });

  it('carry the request id', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(lines.join('')).toContain(`"reqId":"${res.headers['x-request-id']}"`);
  });
});
