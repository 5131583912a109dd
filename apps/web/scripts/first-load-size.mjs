/**
 * First-visit JS of `/` in each language: what the pre-rendered page (dist/pages/index.html, and
 * pages/te/index.html, pages/hi/index.html) loads, its entry script
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
/** `/` in each language: pages/index.html (English), pages/te/index.html, pages/hi/index.html. */
const PAGES = [
  ['en', join(dist, 'pages', 'index.html')],
  ['te', join(dist, 'pages', 'te', 'index.html')],
  ['hi', join(dist, 'pages', 'hi', 'index.html')],
];

/** The page's scripts and every chunk they import statically (transitively), by file. */
function firstVisitFiles(page) {
  const html = readFileSync(page, 'utf8');
  const entries = [
    ...[...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]),
  ];
  if (entries.length === 0) throw new Error(`${page} loads no script: did the build change?`);
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    // Static imports only: `import ... from "./x.js"` and bare `import "./x.js"`, never `import("./x.js")`.
    for (const m of code.matchAll(/(?:^|[;\s}])import\s*(?:[\w*{}\s,$]+from\s*)?["'](\.{1,2}\/[^"']+)["']/g)) {
      visit(resolve(dirname(file), m[1]));
    }
  };
  for (const src of entries) visit(join(dist, src.replace(/^\//, '')));
  return seen;
}

for (const [locale, page] of PAGES) {
  let total = 0;
  console.log(`/ in ${locale} (${page.slice(dist.length + 1)}):`);
  for (const file of firstVisitFiles(page)) {
    const size = gzipSync(readFileSync(file), { level: 9 }).length;
    total += size;
    console.log(`${(size / 1024).toFixed(2).padStart(8)} KB  ${file.slice(dist.length + 1)}`);
  }
  console.log(`${(total / 1024).toFixed(2).padStart(8)} KB  first-visit JS of / in ${locale} (gzip -9), budget 100 KB`);
  if (total > BUDGET_BYTES) {
    console.error(`Over budget in ${locale}.`);
    process.exitCode = 1;
  }
}
