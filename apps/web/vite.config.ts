/**
 * Vite build and dev server for the store, plus the `web` Vitest project
 * (the root vitest.config.ts extends this file with root apps/web).
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The Fastify server (apps/server) answers these in production on the same origin.
const API = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
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
