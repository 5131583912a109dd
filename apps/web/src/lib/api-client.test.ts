import { describe, expect, test, vi } from 'vitest';
import { z } from 'zod';
import { jsonResponse } from '../test/render-app';
import { ApiClientError, getJson } from './api-client';

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
