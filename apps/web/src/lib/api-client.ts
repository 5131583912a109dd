/**
 * The one way the web app reads the API: fetch JSON, then validate it with the shared zod schema,
 * so a server/web mismatch shows up as a clear message instead of `undefined` deep in a component.
 *
 * Schemas arrive through a loader (a dynamic import) rather than a static import: zod is about
 * 24 KB gzip, which would push the first load of `/` past its 100 KB budget. The loader starts
 * together with the request, so validation waits for nothing the request was not already waiting on.
 */
import type { z } from 'zod';

/** Thrown for every failed API read; `message` is fit to show to a visitor. */
export class ApiClientError extends Error {
  override readonly name = 'ApiClientError';
  constructor(
    message: string,
    /** The HTTP status, when the server answered at all. */
    readonly status?: number,
    /** The server's error code (DESIGN.md "HTTP surface"), when it sent one. */
    readonly code?: string,
  ) {
    super(message);
  }
}

export type SchemaLoader<T> = () => Promise<z.ZodType<T>>;

type GetOptions = { signal?: AbortSignal | undefined };

export async function getJson<T>(path: string, loadSchema: SchemaLoader<T>, { signal }: GetOptions = {}): Promise<T> {
  const schema = loadSchema();
  // A failed request must not leave the loader's rejection unhandled.
  schema.catch(() => {});

  let response: Response;
  try {
    response = await fetch(path, { headers: { Accept: 'application/json' }, signal });
  } catch (error) {
    // Aborts are the caller's own doing (unmount, retry): let them through unchanged.
    if (signal?.aborted) throw error;
    throw new ApiClientError('Could not reach the server. Check your connection and try again.');
  }

  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiClientError(`The server answered ${path} with something that is not JSON.`, response.status);
  }

  if (!response.ok) throw await errorFromBody(path, response.status, body);

  const parsed = (await schema).safeParse(body);
  if (!parsed.success) {
    throw new ApiClientError(`The server's answer to ${path} has an unexpected shape.`, response.status);
  }
  return parsed.data;
}

/** Uses the server's `{ error: { code, message } }` body (DESIGN.md "HTTP surface") when it sent one. */
async function errorFromBody(path: string, status: number, body: unknown): Promise<ApiClientError> {
  const { apiErrorSchema } = await import('@store/shared/api-error');
  const apiError = apiErrorSchema.safeParse(body);
  if (apiError.success) return new ApiClientError(apiError.data.error.message, status, apiError.data.error.code);
  return new ApiClientError(`The server could not answer ${path} (HTTP ${status}).`, status);
}
