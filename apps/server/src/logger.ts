/**
 * The pino logger the server and Fastify share (JSON lines on stdout).
 * Credentials and card data must never reach the logs. Fastify logs each request's method and URL;
 * URLs can carry secrets (`/auth-success?token=…`, OAuth `?code=…`), so their values are masked.
 * Headers and bodies are not logged at all; the redact paths catch what a module logs by mistake.
 */
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { type DestinationStream, type Logger, pino } from 'pino';
import type { LogLevel } from './config';

const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  '*.password',
  '*.newPassword',
  '*.sessionSecret',
  // The tickets' Ed25519 key, as the configuration and AppSecrets hold it.
  '*.ticketSigningKey',
  '*.ticketSigning',
  '*.cardNumber',
  '*.cvv',
  '*.nonce',
  '*.token',
];

const SENSITIVE_PARAM = /token|password|secret|code|nonce|key|signature|auth/i;

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** `/auth-success?token=abc&x=1` -> `/auth-success?token=[redacted]&x=1` */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      const key = eq === -1 ? part : part.slice(0, eq);
      return eq !== -1 && SENSITIVE_PARAM.test(decode(key)) ? `${key}=[redacted]` : part;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

/** Fastify's own request serializer, with the URL masked. Fastify lets a logger's serializers win. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** `destination` is for tests that read what was logged; stdout otherwise. */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options = {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { req: serializeRequest },
  };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * The same logger (level, serializers, destination) without the redaction, for lines whose every
 * field the server builds itself from safe values: the access line (plugins/request-log.ts). With
 * wildcard paths like `*.password`, pino runs every field of every line, even numbers and the
 * message, through the redactor: ~16 µs a line (a tenth of a catalogue request's CPU). Anything a
 * module logs (objects, errors, request data) goes through the redacting logger, never this one.
 */
export function unredacted(logger: FastifyBaseLogger): FastifyBaseLogger {
  return logger.child({}, { redact: [] });
}
