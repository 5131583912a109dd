/**
 * The application the endpoint fuzz runs against: the whole app (apps/server/test/build-test-app.ts)
 * on a fresh database of this run's flavour, configured as production runs it: the ALTCHA captcha
 * on, the sandbox gateway, the built web app when there is one, two administrators.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { createAdmin } from '../../apps/server/src/modules/admins/admin-repo';
import { basicAuthorization } from '../../apps/server/src/modules/admins/basic-credentials';
import { admins } from '../../apps/server/src/modules/admins/tables';
import { createSandboxClientToken } from '../../apps/server/src/modules/payments/gateways/sandbox-client-token';
import { openStaffSession } from '../../apps/server/src/modules/staff/staff-sessions';
import { buildTestApp, TEST_SESSION_SECRET, type TestApp } from '../../apps/server/test/build-test-app';
import { REPO_ROOT } from '../support/server-process';

type Credentials = { username: string; password: string };

export type FuzzTarget = {
  t: TestApp;
  app: FastifyInstance;
  /** A sandbox client token the tokenizer accepts (signed with the app's session secret). */
  clientToken: string;
  /** Sends the report queries: never given a wrong password, so never locked out. */
  reader: Credentials;
  /** The base of the Authorization fuzz: its failures are counted, which is what the limit is for. */
  guessed: Credentials;
  /**
   * Issue 21: a treasurer's fully signed-in back-office session (a real session row, as the login
   * leaves it), so the staff routes' fuzz reaches their validation, not only the guard.
   */
  staffToken: string;
  /** The origin the auth server's origin check expects from an injected request (Host: localhost:80). */
  origin: string;
  webDist: string | undefined;
  /** What the server logged at error level (the cause of a 5xx), newest last. */
  serverErrors: string[];
};

/** The built web app: WEB_DIST (a build of one's own) or apps/web/dist (`npm test` builds it first). */
export function builtWebDist(): string | undefined {
  const dist = process.env.WEB_DIST ? resolve(process.env.WEB_DIST) : join(REPO_ROOT, 'apps/web/dist');
  return existsSync(join(dist, 'index.html')) ? dist : undefined;
}

export async function buildFuzzTarget(): Promise<FuzzTarget> {
  const webDist = builtWebDist();
  const serverErrors: string[] = [];
  const t = await buildTestApp({
    // Kept, not printed: a failing case shows the server's side of it.
    logger: pino({ level: 'error' }, { write: (line: string) => void serverErrors.push(line) }),
    env: {
      CAPTCHA_PROVIDER: 'altcha',
      PAYMENT_GATEWAY: 'sandbox',
      // Google sign-in configured (pointing nowhere reachable): its routes answer as in production.
      GOOGLE_CLIENT_ID: 'fuzz-client-id',
      GOOGLE_CLIENT_SECRET: 'fuzz-client-secret',
      ...(webDist ? { WEB_DIST: webDist } : {}),
    },
  });
  const reader = { username: 'treasurer', password: 'correct horse battery staple' };
  const guessed = { username: 'auditor', password: 'another long passphrase' };
  let staffToken = '';
  try {
    await createAdmin(t.testDb.db, reader);
    await createAdmin(t.testDb.db, guessed);
    const staff = await createAdmin(t.testDb.db, { username: 'fuzz-treasurer', password: 'a third long passphrase' });
    await t.testDb.db.update(admins).set({ role: 'treasurer' }).where(eq(admins.id, staff.id));
    staffToken = (await openStaffSession(t.testDb.db, { adminId: staff.id, stage: 'full', clientIp: null })).token;
    // The report's first read builds its daily sums (report_settings, report_daily_totals): a write
    // by design, once. Done here so the fuzz's "nothing changed" compares against a warm report.
    const warm = await t.app.inject({
      url: '/api/report-data',
      headers: { authorization: basicAuthorization(reader) },
    });
    if (warm.statusCode !== 200) throw new Error(`report warm-up: ${warm.statusCode} ${warm.body}`);
  } catch (error) {
    await t.close();
    throw error;
  }
  return {
    t,
    app: t.app,
    clientToken: createSandboxClientToken(TEST_SESSION_SECRET),
    reader,
    guessed,
    staffToken,
    origin: 'http://localhost',
    webDist,
    serverErrors,
  };
}
