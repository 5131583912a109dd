/**
 * The pre-rendered pages (apps/web/scripts/prerender.mjs): their content is in the HTML itself,
 * readable without JavaScript, and the browser takes them over (hydrates) without an error. React's
 * production build reports a mismatch in the page's structure (and draws that part again); a
 * differing text or attribute it patches silently, which only its development build warns about.
 */
import type { ConsoleMessage } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { usePage } from './support/browser';

const PAGES = [
  { path: '/', heading: 'Donation Items' },
  { path: '/cart', heading: 'Your Donation Bucket' },
  { path: '/checkout', heading: 'Checkout' },
  { path: '/registration', heading: 'Bhagavad Gita Mahayagna Registration' },
  { path: '/report', heading: 'Payment Report Login' },
  { path: '/forgot-password', heading: 'Forgot Password' },
];

/** A book and a $25 donation, as the store writes them to localStorage. */
const BUCKET = [
  { key: '9', id: 9, name: 'Guruvara Dattam Vimalacharita Satakam', price: 5, quantity: 2 },
  { key: '8:2500', id: 8, name: 'Donation - $25', price: 25, quantity: 1, custom: true },
];

describe('pre-rendered pages', () => {
  const t = usePage();

  it('carry their heading in the HTML, without JavaScript', async () => {
    for (const { path, heading } of PAGES) {
      const res = await fetch(`${t.baseUrl}${path}`);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toContain(`>${heading}</h1>`);
    }
    const context = await t.context.browser()?.newContext({ baseURL: t.baseUrl, javaScriptEnabled: false });
    if (!context) throw new Error('no browser');
    try {
      const page = await context.newPage();
      await page.goto('/report');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Payment Report Login');
      expect(await page.getByLabel('Username').count()).toBe(1);
    } finally {
      await context.close();
    }
  });

  it('hydrate without errors or warnings, with and without a bucket', async () => {
    const { page } = t;
    const problems: string[] = [];
    const record = (message: ConsoleMessage) => {
      // A visitor who is not signed in: the checkout's account prefill is answered 401, as designed.
      if (message.text().includes('status of 401')) return;
      // Chromium asks for a favicon on the JSON page used to reach the site's localStorage.
      if (message.location().url.endsWith('/favicon.ico')) return;
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    };
    page.on('console', record);

    for (const bucket of [[], BUCKET]) {
      await page.goto('/healthz');
      await page.evaluate((lines) => localStorage.setItem('cart', lines), JSON.stringify(bucket));
      for (const { path, heading } of PAGES) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        // Hydrated and the bucket read: the store's cards, the bucket's lines, the checkout form.
        if (path === '/') await page.getByRole('article').first().waitFor();
        if (path === '/cart' || path === '/checkout') {
          await page
            .getByText(bucket.length ? 'Donation - $25' : /empty/)
            .first()
            .waitFor();
        }
        if (path === '/registration') await page.getByRole('button', { name: 'Submit' }).waitFor();
        // Every chunk and answer in, so a mismatch found while hydrating has been reported.
        await page.waitForLoadState('networkidle');
        expect(problems, `${path} with ${bucket.length} lines`).toEqual([]);
      }
    }
  });
});
