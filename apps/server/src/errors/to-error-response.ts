/**
 * Turns anything a route or Fastify throws into the API's error body and a status.
 * Rule: a client mistake (bad JSON, wrong content type, too large, failed validation) is a 4xx with
 * a message that says what to fix; anything unexpected is a 500 whose message gives nothing away.
 */
import type { ApiError } from '@store/shared/api-error';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { codeForStatus, type ErrorCode, isAppError } from './app-error';

export type ErrorResponse = {
  status: number;
  body: ApiError;
  /** True for 5xx: the cause must be logged at error level, since the visitor sees nothing of it. */
  unexpected: boolean;
};

export const GENERIC_SERVER_MESSAGE = 'Something went wrong on our side. Please try again in a moment.';

const CONTEXT_LABELS: Record<string, string> = {
  body: 'request body',
  querystring: 'query string',
  params: 'URL parameters',
  headers: 'request headers',
};

/** Readable messages for Fastify's own client errors (its defaults are terse or technical). */
const FASTIFY_CLIENT_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'bad_request', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'bad_request',
    message: 'The request body is empty, but its content type says JSON. Send a JSON body or no content type.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'unsupported_media_type',
    message: 'This content type is not accepted. Send the body as application/json.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload_too_large', message: 'The request body is too large.' },
  FST_ERR_BAD_URL: { code: 'bad_request', message: 'The address is not a valid URL (a broken %-escape?).' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'bad_request',
    message: 'The request body does not match its Content-Length header.',
  },
};

function respond(status: number, code: string, message: string, fields?: Record<string, string>): ErrorResponse {
  return {
    status,
    body: { error: fields ? { code, message, fields } : { code, message } },
    unexpected: status >= 500,
  };
}

function field(instancePath: string, context: string): string {
  const path = instancePath.split('/').filter(Boolean).join('.');
  return path === '' ? context : path;
}

function objectProp(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && key in value
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

function fromValidation(error: {
  validation: { instancePath: string; message?: string | undefined }[];
  validationContext?: string | undefined;
}): ErrorResponse {
  const context = error.validationContext ?? 'body';
  const fields: Record<string, string> = {};
  for (const issue of error.validation) {
    const key = field(issue.instancePath, context);
    // The first problem per field is the one to fix first; more would only repeat it.
    fields[key] ??= issue.message ?? 'Invalid value';
  }
  const list = Object.entries(fields)
    .map(([key, message]) => `${key}: ${message}`)
    .join('; ');
  return respond(400, 'validation_error', `Invalid ${CONTEXT_LABELS[context] ?? context}: ${list}`, fields);
}

export function toErrorResponse(error: unknown): ErrorResponse {
  if (isAppError(error)) return respond(error.status, error.code, error.message, error.fields);
  if (hasZodFastifySchemaValidationErrors(error)) return fromValidation(error);

  const code = objectProp(error, 'code');
  const known = typeof code === 'string' ? FASTIFY_CLIENT_ERRORS[code] : undefined;
  const statusCode = objectProp(error, 'statusCode');
  const status = typeof statusCode === 'number' ? statusCode : 500;
  if (known) return respond(status >= 400 && status < 500 ? status : 400, known.code, known.message);

  // Other client errors raised by Fastify or its plugins (rate limit, bad URL encoding...) carry a
  // status and a message meant for the client. Anything else is ours and stays private.
  if (status >= 400 && status < 500) {
    const message = objectProp(error, 'message');
    return respond(status, codeForStatus(status), typeof message === 'string' ? message : 'Bad request.');
  }
  const serverStatus = status >= 500 && status < 600 ? status : 500;
  return respond(serverStatus, codeForStatus(serverStatus), GENERIC_SERVER_MESSAGE);
}
