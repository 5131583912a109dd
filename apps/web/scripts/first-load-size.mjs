/**
 * First-visit JS of `/`: what the pre-rendered page (dist/pages/index.html) loads, its entry script
 * and every <link rel="modulepreload">, plus every chunk those import statically (transitively),
 * each compressed with gzip level 9. A lazy chunk the page preloads counts; one it never asks for
 * does not. What a real first visit downloads, dynamic imports included, is checked in Chromium by
 * e2e/first-visit.test.ts. Budget: 100 KB (issue 17, decision 0020).
 * Run after `npm run build -w @store/web`: `node apps/web/scripts/first-load-size.mjs [distDir]`.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 100 * 1024;
const dist = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist'));
const page = join(dist, 'pages', 'index.html');
const html = readFileSync(page, 'utf8');
const entries = [
  ...[...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1]),
  ...[...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]),
];
if (entries.length === 0) throw new Error(`${page} loads no script: did the build change?`);

const seen = new Set();
function visit(file) {
  if (seen.has(file)) return;
  seen.add(file);
  const code = readFileSync(file, 'utf8');
  // Static imports only: `import ... from "./x.js"` and bare `import "./x.js"`, never `import("./x.js")`.
  for (const m of code.matchAll(/(?:^|[;\s}])import\s*(?:[\w*{}\s,$]+from\s*)?["'](\.{1,2}\/[^"']+)["']/g)) {
    visit(resolve(dirname(file), m[1]));
  }
}
for (const src of entries) visit(join(dist, src.replace(/^\//, '')));

let total = 0;
for (const file of seen) {
  const size = gzipSync(readFileSync(file), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1024).toFixed(2).padStart(8)} KB  ${file.slice(dist.length + 1)}`);
}
console.log(`${(total / 1024).toFixed(2).padStart(8)} KB  first-visit JS of / (gzip -9), budget 100 KB`);
if (total > BUDGET_BYTES) {
  console.error('Over budget.');
  process.exitCode = 1;
}
