/**
 * One running site and one Chromium for the whole end-to-end run; the site's address, the report administrator's
 * credentials (created at start through ADMIN_USERNAME / ADMIN_PASSWORD) and the Google account
 * the local fake of Google signs in with reach the tests through `inject`.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { type BrowserServer, chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { type FakeGoogleUser, startFakeGoogle } from '../apps/server/test/fake-google-server';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './support/chromium';
import { type RunningServer, startServer } from './support/start-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** `password` opens the back office (it is an owner: two-factor); `reportKey` is what /report takes. */
    admin: { username: string; password: string; reportKey: string };
    /** Who "Login with Google" signs in as: the server's GOOGLE_* settings point at a local fake. */
    googleUser: FakeGoogleUser;
    /** The server's DATA_DIR: its e-mails are `.eml` files in `outbox/` (no SMTP_URL), which tests may read. */
    dataDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const admin = {
    username: 'treasurer',
    password: `e2e-${randomBytes(12).toString('base64url')}`,
    reportKey: `rk_${randomBytes(24).toString('base64url')}`,
  };
  const googleUser: FakeGoogleUser = {
    sub: `e2e-${randomBytes(6).toString('hex')}`,
    email: 'gopal.google@example.org',
    email_verified: true,
    name: 'Gopal Iyer',
  };
  const google = await startFakeGoogle({ user: googleUser });
  let server: RunningServer;
  try {
    // Sales count as settled at once, so the back office's spec can refund part of a fresh gift (issue 21).
    // On an empty data directory: the built server runs initdb and every migration, as a new installation does.
    server = await startServer(
      {
        ADMIN_USERNAME: admin.username,
        ADMIN_PASSWORD: admin.password,
        ADMIN_REPORT_KEY: admin.reportKey,
        SANDBOX_SETTLEMENT_SECONDS: '0',
        ...google.env,
      },
      { emptyDatabase: true },
    );
  } catch (error) {
    await google.stop();
    throw error;
  }
  // One Chromium for the run: each spec connects and opens contexts of its own (support/browser.ts).
  let browser: BrowserServer;
  try {
    if (!existsSync(CHROMIUM_PATH)) {
      throw new Error(
        `Chromium not found at ${CHROMIUM_PATH}: install Debian's chromium (apt-get install -y chromium)`,
      );
    }
    browser = await chromium.launchServer({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_FLAGS] });
  } catch (error) {
    await server.stop();
    await google.stop();
    throw error;
  }
  project.provide('chromiumEndpoint', browser.wsEndpoint());
  project.provide('baseUrl', server.baseUrl);
  project.provide('admin', admin);
  project.provide('googleUser', googleUser);
  project.provide('dataDir', server.dataDir);
  return async () => {
    await browser.close();
    await server.stop();
    await google.stop();
  };
}
