/**
 * One Chromium for the e2e-reliability run (vitest.config.ts), as e2e/global-setup.ts starts one for
 * the e2e specs: the reliability files that drive a browser connect to it (`launchChromium` in
 * e2e/support/browser.ts) instead of each starting its own, a start of a second or two of a 2-core
 * machine each. Their contexts are their own, as before. Run without this set-up (reliability-postgres,
 * or a file alone in another project), a file starts its own Chromium.
 */
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../e2e/support/chromium';

// The `chromiumEndpoint` it provides is declared in e2e/support/browser.ts, beside its reader.
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: install Debian's chromium (apt-get install -y chromium)`);
  }
  const browser = await chromium.launchServer({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS],
  });
  project.provide('chromiumEndpoint', browser.wsEndpoint());
  return async () => {
    await browser.close();
  };
}
