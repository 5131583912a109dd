/**
 * Debian's Chromium driven by playwright-core (never a downloaded browser), a fresh page per test.
 * The e2e project starts one Chromium for its whole run (e2e/global-setup.ts) and every spec
 * connects to it: a start costs about a second and a half of a 2-core machine, a connection little.
 * Elsewhere (the reliability suite) each file starts its own.
 */
import { existsSync } from 'node:fs';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Download,
  type Page,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium';

export { CHROMIUM_PATH };

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's Chromium, where a global set-up started one (e2e/global-setup.ts); closing a connection leaves it running. */
    chromiumEndpoint?: string;
  }
}

/** The run's Chromium (a connection to it), or a Chromium of this file's own where the run has none. */
export async function launchChromium(): Promise<Browser> {
  const endpoint = inject('chromiumEndpoint');
  if (endpoint) return chromium.connect(endpoint);
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: install Debian's chromium (apt-get install -y chromium)`);
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS],
  });
}

export type PageFixture = { page: Page; context: BrowserContext; baseUrl: string; dialogs: string[] };

/**
 * Gives each test a fresh browser context (empty localStorage) and page. Alerts are accepted
 * and recorded in `dialogs`, so tests can assert their texts. Page errors fail the test.
 * `contextOptions`: added to each context (read when the test starts, so it may name a server that a
 * `beforeAll` started), e.g. `{ timezoneId: 'Asia/Kolkata' }` or another `baseURL`.
 */
export function usePage(contextOptions: () => BrowserContextOptions = () => ({})): PageFixture {
  const fixture = { dialogs: [] as string[], baseUrl: inject('baseUrl') } as PageFixture;
  let browser: Browser;
  let pageErrors: Error[] = [];
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    pageErrors = [];
    fixture.dialogs.length = 0;
    const options = contextOptions();
    if (options.baseURL) fixture.baseUrl = options.baseURL;
    fixture.context = await browser.newContext({ baseURL: fixture.baseUrl, ...options });
    fixture.page = await fixture.context.newPage();
    fixture.page.on('dialog', (dialog) => {
      fixture.dialogs.push(dialog.message());
      void dialog.accept();
    });
    fixture.page.on('pageerror', (err) => pageErrors.push(err));
  });
  afterEach(async () => {
    await fixture.context?.close();
    if (pageErrors.length > 0) throw new Error(`page errors: ${pageErrors.map((e) => e.message).join('; ')}`);
  });
  return fixture;
}

/**
 * What a download saved, read through Playwright: the specs' browser is a connection to the run's
 * Chromium, where `download.path()` is refused ("not available when connecting remotely").
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
