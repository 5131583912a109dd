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

type GetOptions = {
  signal?: AbortSignal | undefined;
  headers?: Record<string, string> | undefined;
  /**
   * fetch's own default ('same-origin') when left out. The auth server's calls say 'include': its
   * session cookie must travel even when AUTH_BASE_URL puts it on another origin (SPEC.md §7).
   */
  credentials?: RequestCredentials | undefined;
};

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
  { signal, headers, credentials }: GetOptions = {},
): Promise<T> {
  return requestJson(path, loadSchema, { method: 'GET', signal, headers, credentials });
}

export function sendJson<T>(path: string, body: unknown, loadSchema: SchemaLoader<T>, options: SendOptions = {}) {
  const { method = 'POST', signal, headers, answerStatuses, credentials } = options;
  return requestJson(path, loadSchema, {
    method,
    signal,
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
    answerStatuses,
    credentials,
  });
}

/**
 * A call whose success has no body (204, e.g. a logout): resolves once the server said yes, and
 * throws the same ApiClientError as the calls above when it did not. `body`, when given, is sent
 * as JSON (a deletion confirmed with a password).
 */
export async function sendWithoutBody(
  path: string,
  {
    method = 'POST',
    signal,
    headers,
    credentials,
    body: requestBody,
  }: Omit<SendOptions, 'answerStatuses'> & {
    body?: unknown;
  } = {},
): Promise<void> {
  const json: Record<string, string> = requestBody === undefined ? {} : { 'Content-Type': 'application/json' };
  const response = await fetchOrExplain(path, signal, {
    method,
    headers: { Accept: 'application/json', ...json, ...headers },
    ...(requestBody === undefined ? {} : { body: JSON.stringify(requestBody) }),
    ...(credentials === undefined ? {} : { credentials }),
  });
  if (response.ok) return;
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    if (signal?.aborted) throw error;
  }
  throw await errorFromBody(path, response.status, body);
}

type RequestOptions = {
  method: string;
  signal: AbortSignal | undefined;
  headers: Record<string, string> | undefined;
  body?: string;
  answerStatuses?: readonly number[] | undefined;
  credentials?: RequestCredentials | undefined;
};

async function requestJson<T>(path: string, loadSchema: SchemaLoader<T>, options: RequestOptions): Promise<T> {
  const { method, signal, headers, body: requestBody, answerStatuses = [], credentials } = options;
  const schema = loadSchema();
  // A failed request must not leave the loader's rejection unhandled.
  schema.catch(() => {});

  const response = await fetchOrExplain(path, signal, {
    method,
    headers: { Accept: 'application/json', ...headers },
    ...(requestBody === undefined ? {} : { body: requestBody }),
    ...(credentials === undefined ? {} : { credentials }),
  });

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

async function fetchOrExplain(path: string, signal: AbortSignal | undefined, init: RequestInit): Promise<Response> {
  try {
    return await fetch(path, { ...init, signal });
  } catch (error) {
    // Aborts are the caller's own doing (unmount, retry): let them through unchanged.
    if (signal?.aborted) throw error;
    throw new ApiClientError('Could not reach the server. Check your connection and try again.');
  }
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
