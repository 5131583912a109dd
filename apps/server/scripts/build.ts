/**
 * `npm run build -w @store/server`: bundles the server (apps/server/src + packages/shared) into
 * apps/server/dist/main.js with esbuild, so `npm start` runs plain JavaScript. Under tsx every start
 * compiled each TypeScript file again and resolved hundreds of ESM imports one by one: the bundle
 * starts in about half the time (bench/BENCHMARKS.md, "Server start").
 *
 * Packages from node_modules stay external and load from node_modules as usual: several of them
 * find files of their own beside their code (PGlite's WebAssembly and data files, Swagger UI's
 * assets, argon2's native binding), which bundling would break.
 */
import { readFile, rm } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const serverRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = resolve(serverRoot, '../..');
export const SERVER_DIST = join(serverRoot, 'dist');

/** Our own TypeScript: apps/server/src and the workspace packages. Everything else is node_modules. */
const OWN_SOURCE = /\/(apps\/server\/src|packages\/[^/]+\/src)\/.+\.ts$/;

/**
 * Our modules find files relative to themselves (`new URL('../../drizzle', import.meta.url)`).
 * Bundled, `import.meta.url` would be the bundle's own URL, so each module's is rewritten to its
 * source file's URL, expressed relative to the bundle: the built tree still works when moved.
 */
const sourceRelativeMetaUrl: Plugin = {
  name: 'source-relative-import-meta-url',
  setup(builder) {
    builder.onLoad({ filter: OWN_SOURCE }, async ({ path }) => {
      const source = await readFile(path, 'utf8');
      if (!source.includes('import.meta.url')) return { contents: source, loader: 'ts' };
      const fromBundle = relative(SERVER_DIST, path).split('\\').join('/');
      const url = `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`;
      return { contents: source.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

/**
 * Bare imports stay external, except our own TypeScript that Node cannot run: the workspace packages
 * (`@store/...`) and the server's `#src/...` subpath imports (package.json "imports"), which esbuild
 * resolves to src/ and bundles.
 */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, ({ path }) =>
      path.startsWith('@store/') || path.startsWith('#src/') ? undefined : { external: true },
    );
  },
};

export async function buildServer(): Promise<void> {
  await rm(SERVER_DIST, { recursive: true, force: true });
  await build({
    absWorkingDir: repoRoot,
    // The PDF thread's code is a file of its own (receipts/pdf/render-off-thread.ts starts it).
    entryPoints: {
      main: join(serverRoot, 'src/main.ts'),
      'pdf-worker': join(serverRoot, 'src/modules/receipts/pdf/pdf-worker.ts'),
    },
    outdir: SERVER_DIST,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Lazy `import()`s in main.ts (the app, each database driver, the gateway) stay lazy chunks.
    splitting: true,
    // Readable stack traces without a source map: names are kept, nothing is minified.
    sourcemap: 'linked',
    plugins: [sourceRelativeMetaUrl, externalPackages],
    // Tells code that finds files of the build (the PDF thread's) that it runs from the bundle.
    define: { __STORE_BUNDLE__: 'true' },
    logLevel: 'warning',
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildServer();
}
