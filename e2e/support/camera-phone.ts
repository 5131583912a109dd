/**
 * A "phone" for the door app's tests: a Chromium of its own whose camera plays a video file
 * (qr-video.ts), a context signed in as the given staff member (their cookies), a phone's screen,
 * and permission to use the camera. Chromium takes the fake camera's file at launch, so each phone
 * that must see different codes is its own browser.
 */
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium';

export type Phone = { browser: Browser; context: BrowserContext; page: Page; errors: Error[] };

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

export async function openPhone({
  baseURL,
  cameraVideo,
  storageState,
}: {
  baseURL: string;
  /** A Y4M file the camera shows, looping. */
  cameraVideo: string;
  /** The signed-in staff member's cookies (another context's storageState()). */
  storageState: StorageState;
}): Promise<Phone> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      ...CHROMIUM_FLAGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${cameraVideo}`,
    ],
  });
  const context = await browser.newContext({
    baseURL,
    storageState,
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  await context.grantPermissions(['camera'], { origin: baseURL });
  const page = await context.newPage();
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  return { browser, context, page, errors };
}
