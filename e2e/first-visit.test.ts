/**
 * A donor's first visit of `/` (nothing stored, nothing cached) downloads at most 100 KB gzip of
 * JavaScript before the network goes idle (issue 17, point 11), and the store draws its cards from
 * the catalogue embedded in the page: no request for it, and no validator (decision 0020). Sizes are
 * the bytes each script gzips to (level 9), as `npm run size` counts them, so the check is the same
 * whatever compression the server picks; it is a byte budget, not a timing.
 */
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { usePage } from './support/browser';

const BUDGET_BYTES = 100 * 1024;

describe('first visit of /', () => {
  const t = usePage();

  it('downloads at most 100 KB gzip of JavaScript and no catalogue request, and shows the cards', async () => {
    const { page } = t;
    await page.setViewportSize({ width: 375, height: 812 });
    const scripts = new Map<string, Promise<number>>();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (path.endsWith('.js'))
        scripts.set(
          path,
          response.body().then((body) => gzipSync(body, { level: 9 }).length),
        );
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Donate' }).first().waitFor();
    const sizes = await Promise.all([...scripts.values()]);
    const total = sizes.reduce((sum, n) => sum + n, 0);
    expect(scripts.size).toBeGreaterThan(0);
    expect(total, [...scripts.keys()].join(', ')).toBeLessThanOrEqual(BUDGET_BYTES);
    expect(requests).not.toContain('/api/public/catalogue');
  });

  it('a returning donor with a stored bucket still sees it (the validator loads then)', async () => {
    const { page } = t;
    await page.goto('/');
    await page.evaluate(() =>
      localStorage.setItem('cart', JSON.stringify([{ key: '9', id: 9, name: 'Book', price: 5, quantity: 2 }])),
    );
    await page.goto('/cart');
    // The bucket's total includes the processing fee covered by default.
    await page.getByText('Total: $10.61').waitFor();
  });
});
