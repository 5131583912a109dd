/**
 * An answer that stays the same until the content's version moves (the catalogue and the centers,
 * routes.ts): checked against its schema and serialized ONCE per version, then sent as the
 * same bytes to everyone. Serializing per request validated the whole catalogue with zod each time,
 * which made GET /api/public/catalogue several times dearer than the request itself
 * (bench/BENCHMARKS.md, "API throughput"). A strong ETag lets a browser revalidate for a 304.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

export type StaticJson = {
  body: Buffer;
  etag: string;
  /** Sends the body, or 304 when the client already holds it. */
  send(request: FastifyRequest, reply: FastifyReply, cacheControl: string): void;
};

/** `If-None-Match: "a", W/"b"` holds `etag` (weak comparison, as RFC 9110 asks for GET). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

export function staticJson<Schema extends z.ZodType>(schema: Schema, value: z.input<Schema>): StaticJson {
  // Fails the start, not a request, when the data does not match what the route promises.
  const body = Buffer.from(JSON.stringify(schema.parse(value)));
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return {
    body,
    etag,
    send(request, reply, cacheControl) {
      reply.header('cache-control', cacheControl).header('etag', etag);
      if (matches(request.headers['if-none-match'], etag)) {
        reply.code(304).send();
        return;
      }
      // A Buffer with a JSON content type goes out as it is: Fastify's serializer is not called.
      reply.type('application/json; charset=utf-8').send(body);
    },
  };
}
