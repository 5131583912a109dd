/**
 * Pre-renders the app's routes into HTML at build time, so a visitor's browser paints the page
 * (top bar, headings, forms) as soon as the HTML arrives instead of after the JavaScript has
 * downloaded and run; main.tsx then hydrates it. Run after `vite build`, before precompress.mjs:
 * `node scripts/prerender.mjs [distDir]` (default apps/web/dist).
 *
 * 1. Builds src/prerender/entry-server.tsx with Vite's SSR mode into a scratch folder.
 * 2. Renders each route of src/prerender/routes.ts in each language and writes
 *    dist/pages/<route>.html in English ('/' is pages/index.html) and dist/pages/<locale>/<route>.html
 *    in Telugu and Hindi, which the server sends for that path in the visitor's language
 *    (apps/server/src/plugins/web-app.ts). dist/index.html stays the empty shell for every other
 *    path, and dist/pages/<locale>/_shell.html is its copy with <html lang> set to that language.
 * 3. Each page's head has <link rel="modulepreload"> for the route's lazy chunk, its language's
 *    message catalogues and the chunks every page loads at start (Vite's manifest), so they download beside the entry instead of after it.
 *    Every stylesheet the page needs (the entry's, the route's own) is inlined (the CSP allows
 *    inline styles): the page paints as soon as its HTML is in, where a <link> held the first paint
 *    back until the file came (Lighthouse's FCP went from ~0.8 s to ~2 s). A print-only <link> to
 *    each file stays: Vite's loader, which lazy chunks ask to load their stylesheets, finds it there
 *    and does not add it again (it did, restyling the whole page mid-hydration: a long task on
 *    /checkout); on screen it changes nothing.
 * 4. The page's scripts (entry and preloads) are fetched at low priority: the HTML already shows the
 *    page, so they are not needed for the first paint. At the default (high) priority Lighthouse's
 *    simulated FCP counts every script that finished downloading before the observed first paint
 *    as render-blocking: on localhost that is all of them, and FCP went from ~0.7 s to ~2 s on the
 *    pages with the most chunks (/checkout, /registration). dist/index.html, the shell drawn by the
 *    scripts, keeps the default.
 * The manifest (dist/.vite) is a build-time file only: removed at the end, never served.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const webRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = resolve(process.argv[2] ?? join(webRoot, 'dist'));
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: run \`vite build\` first (once per build)`);
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const template = readFileSync(join(dist, 'index.html'), 'utf8');

/** A manifest entry by source module; rolldown names a module it merged into a shared chunk after it. */
function chunk(source) {
  if (manifest[source]) return manifest[source];
  const name = basename(source, extname(source));
  const named = Object.values(manifest).filter((c) => c.name === name && !c.isEntry);
  if (named.length !== 1) throw new Error(`${source}: not in ${manifestPath} (update src/prerender/routes.ts)`);
  return named[0];
}

/** The JS and CSS files a module needs, its static imports included, the entry's own left out. */
function filesOf(source, js = new Set(), css = new Set()) {
  const entry = chunk(source);
  if (entry.isEntry || js.has(entry.file)) return { js, css };
  js.add(entry.file);
  for (const file of entry.css ?? []) css.add(file);
  for (const key of entry.imports ?? []) filesOf(key, js, css);
  return { js, css };
}

/** The compiled catalogues, as Vite's manifest names them (relative to apps/web). */
const CATALOGUES = '../../packages/shared/src/i18n/locales';
/** A language's copy of dist/index.html, for the paths nothing pre-rendered (apps/server's web-app.ts). */
const SHELL = '_shell.html';

const stylesheetLink = (file) => `<link rel="stylesheet" crossorigin href="/${file}">`;

/** A stylesheet's rules in a <style>, and its <link> kept for print only (step 3 above). */
function inlined(file, link) {
  const css = readFileSync(join(dist, file), 'utf8').trim();
  if (css.includes('</style')) throw new Error(`${file} cannot be inlined: it contains </style`);
  return `<style>${css}</style>\n    ${link.replace('>', ' media="print">')}`;
}

/** The entry <script> and every modulepreload, fetched at low priority (step 4 above). */
function lowPriorityScripts(html) {
  const out = html.replace(/<(script type="module"|link rel="modulepreload")(?= )/g, '<$1 fetchpriority="low"');
  if (!/<script type="module" fetchpriority="low"/.test(out)) throw new Error('dist/index.html has no module script');
  return out;
}

// Beside apps/web/node_modules, so the bundle's bare imports (react, react-router) resolve.
const scratchParent = join(webRoot, 'node_modules', '.cache');
mkdirSync(scratchParent, { recursive: true });
const scratch = mkdtempSync(join(scratchParent, 'prerender-'));
try {
  await build({
    root: webRoot,
    logLevel: 'warn',
    build: {
      ssr: 'src/prerender/entry-server.tsx',
      outDir: scratch,
      emptyOutDir: true,
      manifest: false,
      copyPublicDir: false,
    },
  });
  const { renderPage, catalogueAreasOf, LOCALES, PRERENDERED_ROUTES, STARTUP_MODULES } = await import(
    pathToFileURL(join(scratch, 'entry-server.js')).href
  );

  const entryCss = [...template.matchAll(/<link rel="stylesheet" crossorigin href="\/([^"]+)">/g)];
  if (entryCss.length === 0) throw new Error('dist/index.html links no stylesheet: did vite build change?');
  if (!template.includes('<html lang="en">')) throw new Error('dist/index.html has no <html lang="en">');
  const startup = { js: new Set(), css: new Set() };
  for (const source of STARTUP_MODULES) filesOf(source, startup.js, startup.css);

  for (const locale of LOCALES) {
    // English where it always was (pages/), each other language in a folder of its own (pages/te/).
    const folder = locale === 'en' ? join(dist, 'pages') : join(dist, 'pages', locale);
    mkdirSync(folder, { recursive: true });
    const inLocale = (html) => html.replace('<html lang="en">', () => `<html lang="${locale}">`);
    // The page's catalogues in its language, fetched beside the entry (lib/i18n/catalogues.ts).
    const catalogues = (path) => {
      const js = new Set();
      for (const area of catalogueAreasOf(path)) filesOf(`${CATALOGUES}/${locale}/${area}.ts`, js);
      return js;
    };
    for (const route of PRERENDERED_ROUTES) {
      // React puts the resource hints it finds (an <img>'s preload) first in its output; they belong in
      // the head, not inside #root where the hydrating render would meet them.
      const rendered = await renderPage(route.path, locale);
      const hints = rendered.match(/^(?:<link [^>]*\/>)*/)?.[0] ?? '';
      const markup = rendered.slice(hints.length);
      // The CSP runs no inline script; a boundary left to the client would also cost a render there.
      if (/<script|<template|<!--\$[?!]/.test(markup))
        throw new Error(`${route.path}: React left work to inline scripts`);
      const own = route.page ? filesOf(route.page) : { js: new Set(), css: new Set() };
      const preloads = [...new Set([...own.js, ...startup.js, ...catalogues(route.path)])]
        .filter((file) => !template.includes(`/${file}"`))
        .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
      const stylesheets = [...new Set([...own.css, ...startup.css])].map((file) => inlined(file, stylesheetLink(file)));
      let html = inLocale(template);
      for (const [link, file] of entryCss) html = html.replace(link, () => inlined(file, link));
      html = html.replace(
        '</head>',
        () =>
          `  ${[...hints.split(/(?<=\/>)(?=<)/), ...stylesheets, ...preloads].filter(Boolean).join('\n    ')}\n  </head>`,
      );
      // Before the markup goes in, so only the head's tags are rewritten.
      html = lowPriorityScripts(html).replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`);
      if (!html.includes(markup)) throw new Error('dist/index.html has no empty <div id="root"></div>');
      const name = route.path === '/' ? 'index' : route.path.slice(1);
      writeFileSync(join(folder, `${name}.html`), html);
    }
    // The empty page every other path gets (dist/index.html in English), with the language on <html>.
    if (locale !== 'en') writeFileSync(join(folder, SHELL), inLocale(template));
  }
  console.log(
    `pre-rendered ${PRERENDERED_ROUTES.length} routes in ${LOCALES.length} languages into ${join(dist, 'pages')}`,
  );
} finally {
  rmSync(scratch, { recursive: true, force: true });
  rmSync(join(dist, '.vite'), { recursive: true, force: true });
}
