/**
 * The built app's HTML pages (index.html and the pre-rendered routes), served from memory with data
 * the server already has embedded in them: today the catalogue, as
 * `<script type="application/json" id="catalogue-data">`. The store then draws its cards without a
 * second request, and without downloading a validator to check an answer from elsewhere: the data
 * arrives inside the document that also carries the page's scripts, so it is exactly as trusted as
 * they are (decision 0020). Each page is compressed once (brotli, gzip) on its first request.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A JSON document a page carries for its scripts, read by `document.getElementById(id)`. */
export type EmbeddedJson = { id: string; json: string };

type Encoded = { body: Buffer; encoding: 'br' | 'gzip' | 'identity' };

const encodings = new Negotiator({ supportedValues: ['br', 'gzip', 'identity'] as const });

/**
 * Inside a <script> element only `</script` and `<!--` can end or confuse it; writing every `<` as
 * the JSON escape \u003c rules both out and leaves the same value for JSON.parse.
 */
export function jsonScript({ id, json }: EmbeddedJson): string {
  return `<script type="application/json" id="${id}">${json.replace(/</g, '\\u003c')}</script>`;
}

/**
 * The page with the data blocks just before </head> (or at the start of <body> for a bare page), and
 * `bodyStart` (server-made HTML such as the test-site banner) first in <body>, outside the app's root,
 * so it is there from the first paint and React's hydration never meets it.
 */
export function embed(html: string, blocks: readonly EmbeddedJson[], bodyStart = ''): string {
  let out = html;
  const tags = blocks.map(jsonScript).join('');
  if (tags && out.includes('</head>')) out = out.replace('</head>', () => `${tags}</head>`);
  else if (tags) out = out.replace(/<body([^>]*)>/, (_match, attributes: string) => `<body${attributes}>${tags}`);
  if (bodyStart) out = out.replace(/<body([^>]*)>/, (match) => `${match}${bodyStart}`);
  return out;
}

/** `If-None-Match: "a", W/"b"` holds `etag` (weak comparison, as RFC 9110 asks for GET). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

export type HtmlPage = { send(request: FastifyRequest, reply: FastifyReply, cacheControl: string): FastifyReply };

export function htmlPage(webDist: string, file: string, blocks: readonly EmbeddedJson[], bodyStart = ''): HtmlPage {
  const html = Buffer.from(embed(readFileSync(join(webDist, file), 'utf8'), blocks, bodyStart));
  const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
  const cache = new Map<Encoded['encoding'], Buffer>([['identity', html]]);
  const encoded = (encoding: Encoded['encoding']): Buffer => {
    let body = cache.get(encoding);
    if (!body) {
      body =
        encoding === 'br'
          ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
          : gzipSync(html, { level: 9 });
      cache.set(encoding, body);
    }
    return body;
  };
  return {
    send(request, reply, cacheControl) {
      // The language of a page follows the lang cookie and Accept-Language (web-app.ts): a cache
      // keeps one copy per language.
      reply
        .header('cache-control', cacheControl)
        .header('etag', etag)
        .header('vary', 'accept-encoding, accept-language, cookie');
      if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
      const encoding = encodings.negotiate(request.headers['accept-encoding'] ?? 'identity') ?? 'identity';
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply.type('text/html; charset=utf-8').send(encoded(encoding));
    },
  };
}
