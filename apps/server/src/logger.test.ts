import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { describeWithDb } from '../test/test-db';
import { createLogger, redactUrl } from './logger';

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

  it('carry the request id', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(lines.join('')).toContain(`"reqId":"${res.headers['x-request-id']}"`);
  });
});
