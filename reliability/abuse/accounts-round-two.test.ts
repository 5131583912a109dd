/**
 * Abuse, round two (issue 18), over real HTTP against the server process on this run's database,
 * ALTCHA on, X-Forwarded-For trusted (each attack picks its own client addresses):
 *  3. the registration form as a mail relay: 20 registrations to one victim's address, a phishing
 *     sentence in the name → at most 3 confirmations mailed, the answers say which were not, and no
 *     greeting carries the sentence; and the checkout's tribute card: 20 paid gifts with
 *     a card to one victim → 3 cards;
 *  4. unlimited account creation: a sign-up without the captcha is refused, and one address gets at
 *     most its limit of accounts;
 *  5. locking the owner out: 10 wrong passwords from one address leave the owner (another address)
 *     able to log in, both for a donor account and for the report's administrator; the owner is
 *     told once by e-mail;
 *  6. the /auth-success hand-off token: works once, and not after logout;
 *  7. breached passwords are refused at sign-up;
 * 10. a forged Host header: the auth routes answer 421 rather than trusting it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { altchaChallengeSchema } from '@store/shared/altcha-challenge';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { GUESSING_ALERT_SUBJECT } from '../../apps/server/src/modules/auth/guessing-alert-mail';
import { checkoutBody } from '../../apps/server/test/checkout-helpers';
import { type FakeGoogle, startFakeGoogle } from '../../apps/server/test/fake-google-server';
import { solvedAltchaToken } from '../../apps/server/test/solve-altcha';
import { describeWithDb } from '../../apps/server/test/test-db';
import { emlSubject } from '../support/eml';
import { recordFigures } from '../support/figures';
import { type Answer, basic, count, openSessionId, postJson, registrant, send } from '../support/store-client';
import { type StoreServer, startStoreServer } from '../support/store-server';

/** The account password (ADMIN_PASSWORD): an owner's needs two-factor, so the report takes a key. */
const ADMIN_ACCOUNT_PASSWORD = 'round two passphrase 42';
/** What /report takes: the username and the report key ADMIN_REPORT_KEY installs, as the password. */
const ADMIN = { username: 'treasurer', password: 'rk_accounts-round-two-report-key-0123456789' };
const VICTIM = 'victim.relay@example.org';
const CARD_VICTIM = 'victim.card@example.org';

describeWithDb('abuse, round two: relay, sign-up floods, owner lock-out, hand-off token, weak passwords, Host', () => {
  let store: StoreServer;
  let google: FakeGoogle;
  let origin: string;
  const figures: Record<string, unknown> = {};

  beforeAll(async () => {
    google = await startFakeGoogle({
      user: { sub: '200000000000000000001', email: 'gita.g@example.org', email_verified: true, name: 'Gita G' },
    });
    store = await startStoreServer({
      CAPTCHA_PROVIDER: 'altcha',
      TRUST_PROXY: 'true',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN_ACCOUNT_PASSWORD,
      ADMIN_REPORT_KEY: ADMIN.password,
      ...google.env,
    });
    origin = new URL(store.baseUrl).origin;
  });

  afterAll(async () => {
    recordFigures('abuse-round-two', figures);
    await store?.close();
    await google?.stop();
  });

  async function captcha(action: string): Promise<Record<string, string>> {
    const challenge = await send(store.baseUrl, '/api/public/captcha/challenge');
    const token = await solvedAltchaToken(altchaChallengeSchema.parse(challenge.body));
    return { 'x-captcha-token': token, 'x-captcha-action': action };
  }

  async function signUp(email: string, password: string, address: string): Promise<Answer> {
    return postJson(
      store.baseUrl,
      '/auth/register',
      { name: 'Asha', email, password },
      { origin, 'x-forwarded-for': address, ...(await captcha('register')) },
    );
  }

  const outbox = () => join(store.database.dataDir, 'outbox');
  const emails = () =>
    existsSync(outbox())
      ? readdirSync(outbox())
          .filter((name) => name.endsWith('.eml'))
          .map((name) => readFileSync(join(outbox(), name), 'utf8'))
      : [];
  const emailsTo = (address: string) => emails().filter((eml) => new RegExp(`^To: ${address}`, 'mi').test(eml));

  /** Waits until `want` e-mails to `address` were written and a moment more passes with no new one. */
  async function settledEmailsTo(address: string, want: number): Promise<string[]> {
    const deadline = Date.now() + 15_000;
    while (emailsTo(address).length < want && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    await new Promise((r) => setTimeout(r, 1_500));
    return emailsTo(address);
  }

  it('3. mails at most 3 registration confirmations to one address a day, and greets by a checked first name', async () => {
    const phishing = { firstName: 'Your account is suspended:', lastName: 'verify at http://evil.example/login' };
    const answers: Answer[] = [];
    for (let i = 0; i < 20; i += 1) {
      const people = Array.from({ length: 20 }, (_, n) =>
        registrant({ ...phishing, email: VICTIM, firstName: n === 0 ? phishing.firstName : `Person${n}` }),
      );
      answers.push(
        await postJson(
          store.baseUrl,
          '/api/public/registrations',
          { sessionId: await openSessionId(store.baseUrl), ifFull: 'waitlist', registrants: people },
          {
            'idempotency-key': crypto.randomUUID(),
            // A new address each time: the per-recipient limit must hold on its own.
            'x-forwarded-for': `10.180.${i}.1`,
            ...(await captcha('registration')),
          },
        ),
      );
    }
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    const mailed = answers.filter((a) => a.body.confirmationEmailed !== false).length;
    const sent = await settledEmailsTo(VICTIM, mailed);
    const greetings = sent.map((eml) => /^Dear [^\r\n]*/m.exec(eml)?.[0] ?? '');
    figures.relay = { registrations: answers.length, confirmationsSent: sent.length, mailedAnswers: mailed, greetings };
    expect(sent.length).toBeLessThanOrEqual(3);
    expect(mailed).toBe(sent.length);
    for (const greeting of greetings) {
      expect(greeting).not.toContain('evil.example');
      expect(greeting).not.toContain('suspended');
    }
  });

  it('3b. mails at most 3 tribute cards to one address a day, whoever pays for them', async () => {
    const answers: Answer[] = [];
    for (let i = 0; i < 20; i += 1) {
      const body = checkoutBody('fake-valid-nonce');
      const tribute = {
        tributeKind: 'memory',
        tributeName: 'Your account is suspended',
        tributeMessage: 'verify at http://evil.example/login',
        tributeCardName: 'Victim',
        tributeCardEmail: CARD_VICTIM,
      };
      answers.push(
        await postJson(
          store.baseUrl,
          '/api/public/payment/checkout',
          { ...body, customerDetails: { ...body.customerDetails, ...tribute } },
          {
            'idempotency-key': crypto.randomUUID(),
            // A new address each time: the per-recipient limit must hold on its own.
            'x-forwarded-for': `10.182.${i}.1`,
            ...(await captcha('checkout')),
          },
        ),
      );
    }
    // Every gift is paid: the limit holds back the card, never the gift.
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const sent = await settledEmailsTo(CARD_VICTIM, 3);
    figures.tributeCards = { gifts: answers.length, cardsSent: sent.length };
    expect(sent.length).toBe(3);
    for (const eml of sent) expect(emlSubject(eml)).toBe('Asha Rao made a gift in memory of Your account is suspended');
  });

  it('4. refuses a sign-up without the captcha, and limits the accounts one address creates', async () => {
    const bare = await postJson(
      store.baseUrl,
      '/auth/register',
      { name: 'Bot', email: 'bot-0@example.org', password: 'a long enough passphrase 7' },
      { origin, 'x-forwarded-for': '10.181.0.1' },
    );
    expect(bare.status).toBe(403);
    const statuses: number[] = [];
    for (let i = 1; i <= 15; i += 1) {
      const res = await signUp(`bot-${i}@example.org`, `a long enough passphrase ${i}x`, '10.181.0.2');
      statuses.push(res.status);
    }
    figures.signUpFlood = { withoutCaptcha: bare.status, oneAddress: count(statuses, (s) => s) };
    expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(10);
    expect(statuses.slice(-3)).toEqual([429, 429, 429]);
  });

  it('5. lets the owner in from their own address after 10 wrong passwords from another, and tells them once', async () => {
    const owner = 'owner.guessed@example.org';
    expect((await signUp(owner, 'the owner passphrase 9', '10.182.0.1')).status).toBe(201);
    const guesses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const res = await postJson(
        store.baseUrl,
        '/auth/login',
        { email: owner, password: `wrong guess ${i}` },
        { origin, 'x-forwarded-for': '10.182.66.6' },
      );
      guesses.push(res.status);
    }
    const ownerLogin = await postJson(
      store.baseUrl,
      '/auth/login',
      { email: owner, password: 'the owner passphrase 9' },
      { origin, 'x-forwarded-for': '10.182.0.1' },
    );

    const adminGuesses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const res = await send(store.baseUrl, '/api/admin/whoami', {
        headers: {
          ...basic({ username: ADMIN.username, password: `wrong guess ${i}` }),
          'x-forwarded-for': '10.183.66.6',
        },
      });
      adminGuesses.push(res.status);
    }
    const adminLogin = await send(store.baseUrl, '/api/admin/whoami', {
      headers: { ...basic(ADMIN), 'x-forwarded-for': '10.183.0.1' },
    });
    // The owner's sign-up mailed its verification link too: the alerts are the rest.
    const alerts = (await settledEmailsTo(owner, 2)).filter((eml) => emlSubject(eml) === GUESSING_ALERT_SUBJECT);
    figures.ownerLockOut = {
      guesses: count(guesses, (s) => s),
      owner: ownerLogin.status,
      adminGuesses: count(adminGuesses, (s) => s),
      admin: adminLogin.status,
      alertsToOwner: alerts.length,
    };
    expect(guesses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(guesses.slice(10)).toEqual([429, 429]);
    expect(ownerLogin.status).toBe(200);
    expect(adminGuesses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(adminGuesses.slice(10)).toEqual([429, 429]);
    expect(adminLogin.status).toBe(200);
    expect(alerts).toHaveLength(1);
  });

  /** Google sign-in through the fake, as a browser: the /auth-success token and the session cookie. */
  async function googleSignIn(): Promise<{ token: string; cookie: string }> {
    const start = await fetch(`${store.baseUrl}/auth/google`, { redirect: 'manual' });
    const flowCookies = start.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const atGoogle = await fetch(String(start.headers.get('location')), { redirect: 'manual' });
    const back = new URL(String(atGoogle.headers.get('location')));
    const callback = await fetch(`${store.baseUrl}${back.pathname}${back.search}`, {
      redirect: 'manual',
      headers: { cookie: flowCookies },
    });
    const location = new URL(String(callback.headers.get('location')), store.baseUrl);
    const session = callback.headers.getSetCookie().find((c) => c.startsWith('store_session='));
    const token = location.searchParams.get('token');
    if (!token || !session) throw new Error(`Google sign-in did not complete: ${location}`);
    return { token, cookie: String(session.split(';')[0]) };
  }

  const withBearer = (token: string, path = '/auth/profile') =>
    send(store.baseUrl, path, { headers: { authorization: `Bearer ${token}` } });

  it('6. takes the /auth-success token once, and not after logout', async () => {
    const first = await googleSignIn();
    const used = await withBearer(first.token);
    const again = await withBearer(first.token);
    const activityAgain = await withBearer(first.token, '/auth/activity');

    const second = await googleSignIn();
    const out = await send(store.baseUrl, '/auth/logout', {
      method: 'POST',
      headers: { origin, cookie: second.cookie },
    });
    const afterLogout = await withBearer(second.token);
    figures.handOffToken = {
      firstUse: used.status,
      secondUse: again.status,
      activity: activityAgain.status,
      logout: out.status,
      afterLogout: afterLogout.status,
    };
    expect(used.status).toBe(200);
    expect(again.status).toBe(401);
    expect(activityAgain.status).toBe(401);
    expect(out.status).toBe(204);
    expect(afterLogout.status).toBe(401);
  });

  it('7. refuses common and breached passwords at sign-up, naming the field', async () => {
    const answers: Record<string, unknown> = {};
    for (const [i, password] of ['aaaaaaaaaaaa', 'password1234', 'qwertyuiop123', '123456789012'].entries()) {
      const res = await signUp(`weak-${i}@example.org`, password, `10.184.${i}.1`);
      answers[password] = res.status;
      expect(res.status, password).toBe(400);
      expect(JSON.stringify(res.body)).toContain('too common');
      expect(res.body).toMatchObject({ error: { fields: { password: expect.any(String) } } });
    }
    figures.weakPasswords = answers;
  });

  /** fetch cannot set Host: node:http can, as any client can. */
  function withHost(path: string, host: string, init: { method?: string; body?: string } = {}) {
    const port = Number(new URL(store.baseUrl).port);
    return new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path,
          method: init.method ?? 'GET',
          headers: {
            host,
            origin: `http://${host}`,
            ...(init.body ? { 'content-type': 'application/json' } : {}),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
        },
      );
      req.on('error', reject);
      req.end(init.body);
    });
  }

  it('10. answers 421 to auth requests for a host that is not the site', async () => {
    const google = await withHost('/auth/google', 'evil.example');
    const login = await withHost('/auth/login', 'evil.example', {
      method: 'POST',
      body: JSON.stringify({ email: 'nobody@example.org', password: 'any password at all' }),
    });
    const ownHost = await withHost('/auth/google', new URL(store.baseUrl).host);
    figures.hostHeader = { google: google.status, login: login.status, ownHost: ownHost.status };
    expect(google.status).toBe(421);
    expect(google.location ?? '').not.toContain('evil.example');
    expect(login.status).toBe(421);
    expect(ownHost.status).toBe(302);
  });
});
