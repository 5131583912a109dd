/**
 * Vite build and dev server for the store, plus the `web` Vitest project
 * (the root vitest.config.ts extends this file with root apps/web).
 */
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { checkInFilesOnly } from './scripts/check-in-precache.mjs';

// The Fastify server (apps/server) answers these in production on the same origin.
const API = 'http://127.0.0.1:8080';

/**
 * The door app's service worker (decision 0039): it keeps /check-in and the scripts it runs on the
 * phone, so the page opens and reloads without network. Registered by the check-in page alone
 * (injectRegister null) with the manifest it links itself (manifest false: public/check-in.webmanifest),
 * so nothing of it reaches the store's pages. /api is never cached: the list lives in IndexedDB.
 */
const checkInWorker = VitePWA({
  injectRegister: null,
  manifest: false,
  strategies: 'generateSW',
  filename: 'sw.js',
  scope: '/check-in',
  workbox: {
    globPatterns: ['assets/**/*.{js,css}', 'check-in/*.png', 'logo.svg'],
    // Of the app's chunks, only those the check-in page loads: a phone on a temple's mobile data
    // downloads what the door needs, not the back office and the card form.
    manifestTransforms: [checkInFilesOnly('dist', 'src/features/check-in/check-in-page.tsx')],
    // The page itself, as the server sends it; a new build gives it a new revision, so a deployed
    // release replaces the copy on the phones at their next visit online.
    additionalManifestEntries: [{ url: '/check-in', revision: String(Date.now()) }],
    navigateFallback: '/check-in',
    // Workbox matches the path with its query: /check-in?session=3 is the door too.
    navigateFallbackAllowlist: [/^\/check-in([/?]|$)/],
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    skipWaiting: true,
  },
});

export default defineConfig({
  plugins: [react(), checkInWorker],
  server: {
    proxy: {
      // Regex keys: a plain '/auth' prefix would also swallow the SPA route /auth-success.
      '^/api(/|$)': API,
      '^/auth(/|$)': API,
      '^/healthz(/|$)': API,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each route needs, for scripts/prerender.mjs (which removes it).
    manifest: true,
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    unstubGlobals: true,
  },
});
