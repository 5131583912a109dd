/**
 * The account links through the real mail path: the app queues, the mail worker renders and sends
 * over SMTP (a local SMTP server), and the link is read out of the message as received and followed.
 * The app's log, at debug level, never holds a link's token or a password.
 */
import { authUserResponseSchema } from '@store/shared/auth';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLogger } from '#src/logger';
import type { MailWorker } from '#src/modules/mail/worker';
import { postAuth, registerAccount } from '../../../test/auth-helpers';
import { buildTestApp, TEST_SESSION_SECRET, type TestApp } from '../../../test/build-test-app';
import { type FakeSmtpServer, startFakeSmtpServer } from '../../../test/fake-smtp-server';
import { decodedMail, messagesTo, startSmtpMailWorker } from '../../../test/smtp-mail-path';
import { describeWithDb } from '../../../test/test-db';

describeWithDb('account links over SMTP', () => {
  let t: TestApp;
  let smtp: FakeSmtpServer;
  let worker: MailWorker | undefined;
  const logLines: string[] = [];

  beforeAll(async () => {
    smtp = await startFakeSmtpServer();
    const logger = createLogger('debug', { write: (line: string) => void logLines.push(line) });
    t = await buildTestApp({ logger, mail: { kick: () => worker?.kick() } });
    worker = startSmtpMailWorker({
      db: t.testDb.db,
      site: t.site,
      smtp,
      logger,
      sessionSecret: TEST_SESSION_SECRET,
      from: 'Store <accounts@example.org>',
    });
  });
  afterAll(async () => {
    await worker?.stop();
    await t?.close();
    await smtp?.close();
  });

  const received = (to: string, count: number) => messagesTo(smtp, to, count);
  const linkOf = (data: string) => {
    const link = /https?:\/\/\S+\?token=[\w.-]+/.exec(decodedMail(data))?.[0];
    if (!link) throw new Error('no link in the message');
    return new URL(link);
  };

  it('mails the verification link at sign-up and the reset link, each followed from the message', async () => {
    const email = 'smtp.donor@example.org';
    expect((await registerAccount(t.app, { email })).statusCode).toBe(201);
    const [verification] = await received(email, 1);
    const verifyLink = linkOf(String(verification?.data));
    expect(verifyLink.pathname).toBe('/verify-email');
    const verified = await postAuth(t.app, '/email/verify', { token: verifyLink.searchParams.get('token') });
    expect(verified.statusCode).toBe(200);
    expect(authUserResponseSchema.parse(verified.json()).user.emailVerified).toBe(true);

    expect((await postAuth(t.app, '/password/forgot', { email })).statusCode).toBe(202);
    const [, resetMail] = await received(email, 2);
    expect(decodedMail(String(resetMail?.data))).toMatch(/^Subject: Choose a new password/m);
    const resetLink = linkOf(String(resetMail?.data));
    expect(resetLink.pathname).toBe('/reset-password');
    const password = 'smtp reset passphrase 11';
    const reset = await postAuth(t.app, '/password/reset', { token: resetLink.searchParams.get('token'), password });
    expect(reset.statusCode).toBe(200);

    const log = logLines.join('');
    for (const token of [verifyLink.searchParams.get('token'), resetLink.searchParams.get('token')]) {
      expect(log).not.toContain(String(token).split('.')[1]);
    }
    expect(log).not.toContain(password);
    expect(log).toContain('password reset through an e-mailed link');
  });
});
