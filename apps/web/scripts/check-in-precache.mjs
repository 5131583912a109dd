/**
 * Which built files the door app's service worker keeps: the entry's chunks and the check-in page's
 * (everything they import, statically or not, as Vite's build manifest records it), the icons and
 * the logo. Workbox hands the list of files its globs found; this keeps the ones the door needs.
 * Without Vite's manifest (it is made by every build: vite.config.ts `build.manifest`), it keeps all.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** @typedef {{ file: string, css?: string[], imports?: string[], dynamicImports?: string[] }} ViteChunk */
/** @typedef {{ url: string, revision: string | null, size: number }} ManifestEntry */

/** The files of `sources` and of every chunk they import, from Vite's build manifest. */
/**
 * @param {Record<string, ViteChunk>} manifest
 * @param {readonly string[]} sources
 * @param {readonly RegExp[]} [entryLazyAlso] the entry's lazy imports every page needs too (by manifest key)
 * @returns {Set<string>}
 */
export function chunkClosure(manifest, sources, entryLazyAlso = []) {
  /** @type {Set<string>} */
  const files = new Set();
  /** @type {Set<string>} */
  const seen = new Set();
  /** @param {string} key @param {boolean} followDynamic */
  const visit = (key, followDynamic) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) return;
    seen.add(key);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const next of chunk.imports ?? []) visit(next, true);
    // The check-in page's own lazy parts come along; the entry's lazy pages (every other screen) do not.
    if (followDynamic) for (const next of chunk.dynamicImports ?? []) visit(next, true);
  };
  const [entry, ...pages] = sources;
  if (entry) visit(entry, false);
  for (const key of (entry && manifest[entry]?.dynamicImports) ?? []) {
    if (entryLazyAlso.some((pattern) => pattern.test(key))) visit(key, true);
  }
  for (const page of pages) visit(page, true);
  return files;
}

/**
 * What the entry loads lazily for every page, the door included: the site's message catalogues
 * (main.tsx loads the page's language's before drawing) and react-hot-toast, which the layout loads
 * on any page but the store (app/deferred-toaster.tsx). Offline, a reload must find them cached.
 */
const EVERY_PAGE_LAZY = [/\/i18n\/locales\/[a-z]+\/site\.ts$/, /^src\/lib\/toast-library\.ts$/];

/**
 * @param {string} outDir
 * @param {string} checkInPage
 */
export function checkInFilesOnly(outDir, checkInPage) {
  /** @param {ManifestEntry[]} entries */
  return async (entries) => {
    const manifestFile = join(outDir, '.vite', 'manifest.json');
    if (!existsSync(manifestFile)) return { manifest: entries, warnings: ['no Vite manifest: every file precached'] };
    /** @type {Record<string, ViteChunk>} */
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    if (!manifest[checkInPage])
      return { manifest: entries, warnings: [`${checkInPage} not built: every file precached`] };
    const keep = chunkClosure(manifest, ['index.html', checkInPage], EVERY_PAGE_LAZY);
    return {
      manifest: entries.filter((entry) => !entry.url.startsWith('assets/') || keep.has(entry.url)),
      warnings: [],
    };
  };
}
