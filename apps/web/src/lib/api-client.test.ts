import { describe, expect, test, vi } from 'vitest';
import { z } from 'zod';
import { jsonResponse } from '#src/test/render-app';
import { ApiClientError, getJson, sendJson, sendWithoutBody } from './api-client';

const schema = z.object({ n: z.number() });
const load = async () => schema;

function stubFetch(answer: () => Response | Promise<Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => answer()),
  );
}

describe('getJson', () => {
  test('returns the parsed answer', async () => {
    stubFetch(() => jsonResponse({ n: 1, extra: true }));
    await expect(getJson('/api/x', load)).resolves.toEqual({ n: 1 });
  });

  test('names a wrong shape', async () => {
    stubFetch(() => jsonResponse({ n: 'one' }));
    await expect(getJson('/api/x', load)).rejects.toThrow("The server's answer to /api/x has an unexpected shape.");
  });

  test("uses the server's error message and code", async () => {
    stubFetch(() => jsonResponse({ error: { code: 'not_found', message: 'No such thing.' } }, 404));
    const error = await getJson('/api/x', load).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiClientError);
    expect(error).toMatchObject({ message: 'No such thing.', status: 404, code: 'not_found' });
  });

  test('explains an error without a body, a non-JSON answer and a network failure', async () => {
    stubFetch(() => jsonResponse('oops', 502));
    await expect(getJson('/api/x', load)).rejects.toThrow('The server could not answer /api/x (HTTP 502).');
    stubFetch(() => new Response('<html>', { status: 200 }));
    await expect(getJson('/api/x', load)).rejects.toThrow(
      'The server answered /api/x with something that is not JSON.',
    );
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(getJson('/api/x', load)).rejects.toThrow('Could not reach the server.');
  });
});

describe('sendJson', () => {
  test('posts JSON with the given headers and parses the answer', async () => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => jsonResponse({ n: 2 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(sendJson('/api/x', { a: 1 }, load, { headers: { 'X-Test': 'yes' } })).resolves.toEqual({ n: 2 });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"a":1}');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(new Headers(init?.headers).get('X-Test')).toBe('yes');
  });

  test('parses the body of an answer status; other errors carry the fields the server refused', async () => {
    stubFetch(() => jsonResponse({ n: 3 }, 402));
    await expect(sendJson('/api/x', {}, load, { answerStatuses: [402] })).resolves.toEqual({ n: 3 });
    stubFetch(() =>
      jsonResponse({ error: { code: 'validation_error', message: 'Bad.', fields: { 'a.b': 'Required' } } }, 400),
    );
    await expect(sendJson('/api/x', {}, load, { answerStatuses: [402] })).rejects.toMatchObject({
      status: 400,
      code: 'validation_error',
      fields: { 'a.b': 'Required' },
    });
  });
});

describe('credentials', () => {
  test("are fetch's default unless a call asks, and then travel as asked", async () => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => jsonResponse({ n: 1 }));
    vi.stubGlobal('fetch', fetchMock);
    await getJson('/api/x', load);
    await getJson('/auth/profile', load, { credentials: 'include' });
    await sendJson('/auth/login', {}, load, { credentials: 'include' });
    expect(fetchMock.mock.calls.map(([, init]) => init && 'credentials' in init)).toEqual([false, true, true]);
    expect(fetchMock.mock.calls.map(([, init]) => init?.credentials)).toEqual([undefined, 'include', 'include']);
  });
});

describe('sendWithoutBody', () => {
  test('resolves on an answer without a body, posting nothing', async () => {
    const fetchMock = vi.fn(
      async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(null, { status: 204 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(sendWithoutBody('/auth/logout', { credentials: 'include' })).resolves.toBeUndefined();
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(init?.body).toBeUndefined();
  });

  test("throws the server's error, a plain one for a bodiless error, and the network message", async () => {
    stubFetch(() => jsonResponse({ error: { code: 'unauthorized', message: 'Not signed in.' } }, 401));
    await expect(sendWithoutBody('/auth/logout')).rejects.toMatchObject({
      message: 'Not signed in.',
      status: 401,
      code: 'unauthorized',
    });
    stubFetch(() => new Response(null, { status: 502 }));
    await expect(sendWithoutBody('/auth/logout')).rejects.toThrow(
      'The server could not answer /auth/logout (HTTP 502).',
    );
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(sendWithoutBody('/auth/logout')).rejects.toThrow('Could not reach the server.');
  });
});
