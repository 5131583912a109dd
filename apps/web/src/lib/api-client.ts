/**
 * The one way the web app reads the API: fetch JSON, then validate it with the shared zod schema,
 * so a server/web mismatch shows up as a clear message instead of `undefined` deep in a component.
 *
 * Schemas arrive through a loader (a dynamic import) rather than a static import: zod is about
 * 24 KB gzip, which would push the first load of `/` past its 100 KB budget. The loader starts
 * together with the request, so validation waits for nothing the request was not already waiting on.
 */
import type { z } from 'zod';

/** Thrown for every failed API call; `message` is fit to show to a visitor. */
export class ApiClientError extends Error {
  override readonly name = 'ApiClientError';
  constructor(
    message: string,
    /** The HTTP status, when the server answered at all. */
    readonly status?: number,
    /** The server's error code (DESIGN.md "HTTP surface"), when it sent one. */
    readonly code?: string,
    /** Field path (dot-joined) -> message, when the server named the fields it refused. */
    readonly fields?: Readonly<Record<string, string>>,
  ) {
    super(message);
  }
}

export type SchemaLoader<T> = () => Promise<z.ZodType<T>>;

type GetOptions = { signal?: AbortSignal | undefined; headers?: Record<string, string> | undefined };

type SendOptions = GetOptions & {
  method?: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /**
   * Error statuses whose body is still an answer to parse with the schema rather than an error,
   * e.g. 402 for a declined payment (`{ success: false, message }`).
   */
  answerStatuses?: readonly number[] | undefined;
};

export function getJson<T>(
  path: string,
  loadSchema: SchemaLoader<T>,
  { signal, headers }: GetOptions = {},
): Promise<T> {
  return requestJson(path, loadSchema, { method: 'GET', signal, headers });
}

export function sendJson<T>(path: string, body: unknown, loadSchema: SchemaLoader<T>, options: SendOptions = {}) {
  const { method = 'POST', signal, headers, answerStatuses } = options;
  return requestJson(path, loadSchema, {
    method,
    signal,
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
    answerStatuses,
  });
}

type RequestOptions = {
  method: string;
  signal: AbortSignal | undefined;
  headers: Record<string, string> | undefined;
  body?: string;
  answerStatuses?: readonly number[] | undefined;
};

async function requestJson<T>(path: string, loadSchema: SchemaLoader<T>, options: RequestOptions): Promise<T> {
  const { method, signal, headers, body: requestBody, answerStatuses = [] } = options;
  const schema = loadSchema();
  // A failed request must not leave the loader's rejection unhandled.
  schema.catch(() => {});

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: { Accept: 'application/json', ...headers },
      signal,
      ...(requestBody === undefined ? {} : { body: requestBody }),
    });
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

  if (!response.ok && !answerStatuses.includes(response.status)) {
    throw await errorFromBody(path, response.status, body);
  }

  const parsed = (await schema).safeParse(body);
  if (!parsed.success) {
    throw new ApiClientError(`The server's answer to ${path} has an unexpected shape.`, response.status);
  }
  return parsed.data;
}

/** Uses the server's `{ error: { code, message, fields? } }` body (DESIGN.md "HTTP surface") when it sent one. */
export async function errorFromBody(path: string, status: number, body: unknown): Promise<ApiClientError> {
  const { apiErrorSchema } = await import('@store/shared/api-error');
  const apiError = apiErrorSchema.safeParse(body);
  if (apiError.success) {
    const { message, code, fields } = apiError.data.error;
    return new ApiClientError(message, status, code, fields);
  }
  return new ApiClientError(`The server could not answer ${path} (HTTP ${status}).`, status);
}
