import { apiErrorSchema } from '@store/shared/api-error';
import { catalogueResponseSchema } from '@store/shared/site';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '#src/errors/app-error';
import { GENERIC_SERVER_MESSAGE } from '#src/errors/to-error-response';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { describeWithDb } from '../test/test-db';
import { BODY_LIMIT_BYTES } from './app';

/** Routes that exist only in this test, to reach the error handler through real requests. */
function testRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/api/test/echo',
    {
      schema: {
        body: z.object({
          email: z.email('Invalid email format'),
          mobile: z.string().regex(/^\d{10}$/, 'Mobile number must be 10 digits'),
          address: z.object({ zip: z.string().min(1, 'Zip required') }),
        }),
      },
    },
    async (request) => request.body,
  );
  api.get('/api/test/crash', async () => {
    throw new Error('secret internals: connection string postgres://user:pw@db');
  });
  api.get('/api/test/conflict', async () => {
    throw new AppError('conflict', 'This order was already paid.');
  });
}

describeWithDb('the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ extend: testRoutes });
  });
  afterAll(() => t?.close());

  it('answers an unknown /api or /auth route with a JSON 404', async () => {
    for (const url of ['/api/nope', '/api/public/nope?x=1', '/auth/nope', '/healthz/extra']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      const body = apiErrorSchema.parse(res.json());
      expect(body.error.code).toBe('not_found');
      expect(body.error.message).toContain(url.split('?')[0]);
    }
    const post = await t.app.inject({ method: 'POST', url: '/api/nope', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json().error.code).toBe('not_found');
  });

  // Found by the reliability fuzz (issue 7): Fastify answered these with its own body shape.
  it('answers a URL with a broken %-escape with the API error body and security headers', async () => {
    const apiAnswer = await t.app.inject({ url: '/api/nope' });
    const securityHeaderNames = [
      'content-security-policy',
      'strict-transport-security',
      'x-content-type-options',
      'x-frame-options',
      'cross-origin-resource-policy',
      'referrer-policy',
    ];
    for (const url of ['/api/%/x', '/api/public/%zz', '/%E0%A4%A']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expect(apiErrorSchema.parse(res.json()).error.code).toBe('bad_request');
      // Answered before any hook: the security headers are set by the answer itself, as any API answer's.
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      for (const name of securityHeaderNames) expect(res.headers[name], name).toBe(apiAnswer.headers[name]);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('gives every response a request id', async () => {
    const a = await t.app.inject({ url: '/api/public/catalogue' });
    const b = await t.app.inject({ url: '/api/nope' });
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it('ignores a request id sent by a client when no proxy is trusted', async () => {
    const res = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'forged-id-123' } });
    expect(res.headers['x-request-id']).not.toBe('forged-id-123');
  });

  it('sends the strictest policy with API answers, which are data', async () => {
    const res = await t.app.inject({ url: '/api/public/catalogue' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("img-src 'self' data: https:");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('publishes an OpenAPI document listing the routes', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/public/catalogue', '/api/public/centers']));
    expect(doc.paths['/api/public/catalogue'].get.responses['200']).toBeDefined();
  });

  it('serves Swagger UI at /api/docs with only same-origin scripts', async () => {
    const page = await t.app.inject({ url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui');
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    const initializer = await t.app.inject({ url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.statusCode).toBe(200);
  });

  it('answers failed validation with 400, naming each field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { email: 'nope', mobile: '123', address: { zip: '' } },
    });
    expect(res.statusCode).toBe(400);
    const { error } = apiErrorSchema.parse(res.json());
    expect(error.code).toBe('validation_error');
    expect(error.fields).toEqual({
      email: 'Invalid email format',
      mobile: 'Mobile number must be 10 digits',
      'address.zip': 'Zip required',
    });
    expect(error.message).toBe(
      'Invalid request body: email: Invalid email format; mobile: Mobile number must be 10 digits; address.zip: Zip required',
    );
  });

  it('names the body itself when it is missing', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_error');
    expect(Object.keys(res.json().error.fields)).toEqual(['body']);
  });

  it('answers client mistakes in the body with a clear 4xx, never a 500', async () => {
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().error).toEqual({ code: 'bad_request', message: 'The request body is not valid JSON.' });

    const emptyJson = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(emptyJson.statusCode).toBe(400);
    expect(emptyJson.json().error.code).toBe('bad_request');

    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<email/>',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().error.code).toBe('unsupported_media_type');
    expect(wrongType.json().error.message).toContain('application/json');

    const tooLarge = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { email: 'a@b.co', mobile: '1234567890', address: { zip: 'x'.repeat(BODY_LIMIT_BYTES) } },
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error).toEqual({ code: 'payload_too_large', message: 'The request body is too large.' });
  });

  it('shows an AppError as it was written, with its status', async () => {
    const res = await t.app.inject({ url: '/api/test/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: { code: 'conflict', message: 'This order was already paid.' } });
  });

  it('hides the details of unexpected errors', async () => {
    const res = await t.app.inject({ url: '/api/test/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: { code: 'internal_error', message: GENERIC_SERVER_MESSAGE } });
    expect(res.body).not.toContain('secret');
  });

  it('serves real HTTP on a port', async () => {
    const served = await buildTestApp();
    try {
      const address = await served.app.listen({ port: 0, host: '127.0.0.1' });
      const res = await fetch(`${address}/api/public/catalogue`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-request-id')).toBeTruthy();
      expect(res.headers.get('cache-control')).toBe('public, max-age=60');
      const body = catalogueResponseSchema.parse(await res.json());
      expect(body.items.map((i) => i.id)).toEqual([7, 8, 9]);
      const health = await fetch(`${address}/healthz`);
      expect(await health.json()).toEqual({ status: 'ok', database: 'ok' });
    } finally {
      await served.close();
    }
  });
});
