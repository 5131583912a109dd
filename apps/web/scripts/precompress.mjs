/**
 * Writes `name.br` (brotli, best) and `name.gz` (gzip -9) beside every text file of the web build,
 * where that saves bytes. The server (@fastify/static with `preCompressed`) sends them to browsers
 * that accept them: the store's first-load JS goes out at about a third of its size, compressed once
 * at build time instead of on every request. Without this the JavaScript went out uncompressed
 * (Lighthouse's mobile throttling made that most of the first paint; bench/BENCHMARKS.md).
 * Run after `vite build`: `node apps/web/scripts/precompress.mjs [distDir]` (default apps/web/dist).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.map']);
const dist = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist'));

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (TEXT.has(extname(name))) yield path;
  }
}

let before = 0;
let after = 0;
for (const path of files(dist)) {
  const data = readFileSync(path);
  const br = brotliCompressSync(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  });
  const gz = gzipSync(data, { level: 9 });
  // A tiny file may grow when compressed: then the plain one is the best answer.
  if (br.length < data.length) writeFileSync(`${path}.br`, br);
  if (gz.length < data.length) writeFileSync(`${path}.gz`, gz);
  before += data.length;
  after += Math.min(br.length, data.length);
}
console.log(
  `precompressed ${dist}: ${(before / 1024).toFixed(0)} KB of text files, ${(after / 1024).toFixed(0)} KB as brotli`,
);
