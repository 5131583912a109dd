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
import { hashPassword } from '../../apps/server/src/modules/admins/passwords';
import { generateReportKey, insertReportKey } from '../../apps/server/src/modules/admins/report-key-repo';
import { insertUser } from '../../apps/server/src/modules/auth/user-repo';
import { monthlyGifts } from '../../apps/server/src/modules/monthly-giving/tables';
import { createSandboxGateway } from '../../apps/server/src/modules/payments/gateways/sandbox';
import { createSandboxClientToken } from '../../apps/server/src/modules/payments/gateways/sandbox-client-token';
import { logIn, SITE_ORIGIN, sessionToken } from '../../apps/server/test/auth-helpers';
import { buildTestApp, TEST_SESSION_SECRET, type TestApp } from '../../apps/server/test/build-test-app';
import { seedMonthlyGift } from '../../apps/server/test/monthly-gift-fixtures';
import { signInStaff } from '../../apps/server/test/staff-helpers';
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
  /** A signed-in editor's staff session token: the catalogue editor's bodies are fuzzed past the guard (issue 21). */
  editorToken: string;
  /**
   * Issue 22: a signed-in donor's session (store_session), whose account has one active monthly gift
   * with the id FUZZ_GIFT_ID: the donor API's bodies are fuzzed past the session and the lookup.
   */
  donorToken: string;
  /** The origin the auth server's origin check expects from an injected request (Host: localhost:80). */
  origin: string;
  webDist: string | undefined;
  /**
   * The OpenAPI document the app builds from its routes' zod schemas: where the fuzz reads each
   * route's string fields (schema-strings.ts).
   */
  apiDocument: unknown;
  /** What the server logged at error level (the cause of a 5xx), newest last. */
  serverErrors: string[];
};

/** The built web app: WEB_DIST (a build of one's own) or apps/web/dist (`npm test` builds it first). */
export function builtWebDist(): string | undefined {
  const dist = process.env.WEB_DIST ? resolve(process.env.WEB_DIST) : join(REPO_ROOT, 'apps/web/dist');
  return existsSync(join(dist, 'index.html')) ? dist : undefined;
}

/** The fuzz donor's monthly gift (a fixed id, so the endpoints' paths can name it). */
export const FUZZ_GIFT_ID = '22222222-2222-4222-8222-222222222222';

/** A donor account signed in (login needs no captcha) with an active monthly gift of $25. */
async function donorWithGift(t: TestApp): Promise<string> {
  const email = 'fuzz.donor@example.org';
  const password = 'a donor passphrase long enough';
  const user = await insertUser(t.testDb.db, { name: 'Fuzz Donor', email, passwordHash: await hashPassword(password) });
  if (!user) throw new Error('fuzz donor: no account');
  const gateway = createSandboxGateway({ db: t.testDb.db, secret: TEST_SESSION_SECRET });
  const gift = await seedMonthlyGift(t.testDb.db, gateway, { email, amountCents: 2500 });
  await t.testDb.db.update(monthlyGifts).set({ id: FUZZ_GIFT_ID, userId: user.id }).where(eq(monthlyGifts.id, gift.id));
  const login = await logIn(
    t.app,
    { email, password },
    { headers: { origin: SITE_ORIGIN }, remoteAddress: '10.9.9.9' },
  );
  if (login.statusCode !== 200) throw new Error(`fuzz donor login: ${login.statusCode} ${login.body}`);
  return sessionToken(login);
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
  // An owner reads the report with a report key, not the account password (which needs two-factor).
  const reader = { username: 'treasurer', password: generateReportKey() };
  let editorToken = '';
  const guessed = { username: 'auditor', password: 'another long passphrase' };
  let staffToken = '';
  let donorToken = '';
  try {
    donorToken = await donorWithGift(t);
    const readerAdmin = await createAdmin(t.testDb.db, {
      username: reader.username,
      password: 'correct horse battery staple',
    });
    await insertReportKey(t.testDb.db, { adminId: readerAdmin.id, label: 'fuzz', key: reader.password });
    await createAdmin(t.testDb.db, guessed);
    staffToken = (await signInStaff(t, 'treasurer', { username: 'fuzz-treasurer' })).token;
    editorToken = (await signInStaff(t, 'editor', { username: 'fuzz-editor' })).token;
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
    editorToken,
    donorToken,
    origin: 'http://localhost',
    webDist,
    apiDocument: t.app.swagger(),
    serverErrors,
  };
}
