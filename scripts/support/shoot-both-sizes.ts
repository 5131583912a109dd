/**
 * The screenshot scripts' shot: the page as it is now at 375×812 and 1280×800 (resized in place, so
 * a one-time screen is shot at both sizes), plus a full-page shot where it scrolls. Prints each file.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';

export const SCREEN_SIZES = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
] as const;

export async function shootBothSizes(page: Page, out: string, name: string, settleMs = 300): Promise<void> {
  for (const size of SCREEN_SIZES) {
    await page.setViewportSize(size);
    await page.waitForTimeout(settleMs);
    const file = join(out, `${name}-${size.width}.png`);
    await page.screenshot({ path: file });
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    if (height > size.height + 4)
      await page.screenshot({ path: join(out, `${name}-${size.width}-full.png`), fullPage: true });
    console.log(file);
  }
}
