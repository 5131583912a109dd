/**
 * Refunds and crashes (issue 21): the server is killed with SIGKILL exactly where a refund is most
 * fragile, after the gateway refunded and before the order's update (the `refund-after-gateway`
 * fault point, armed by STORE_FAULT_POINT for those starts only), RELIABILITY_CRASHES times. Then:
 *  - started again without it, a retry with the same Idempotency-Key does not refund again (the
 *    refund is pending: 409), and another key cannot take the part the pending refund holds;
 *  - once the pending refunds are old enough, the start-up run of the refund reconciler asks the
 *    gateway by our refund id and settles them; the same key then gets the settled refund (200);
 *  - the books agree, order by order: the sandbox's refunds = orders.refunded_cents = the
 *    succeeded refunds, no refund pending, one corrected receipt per refund (no double refund, no
 *    lost refund).
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { admins } from '../../apps/server/src/modules/admins/tables';
import { REFUND_FAULT_POINT } from '../../apps/server/src/modules/refunds/refund-order';
import { STAFF_COOKIE } from '../../apps/server/src/modules/staff/staff-cookie';
import { openStaffSession } from '../../apps/server/src/modules/staff/staff-sessions';
import { describeWithDb } from '../../apps/server/test/test-db';
import { freePort } from '../../test/free-port';
import { recordFigures } from '../support/figures';
import { CRASHES } from '../support/scale';
import { createServerDatabase, type ServerDatabase } from '../support/server-database';
import { type ServerProcess, startServerProcess } from '../support/server-process';
import { type Answer, cardNonce, checkoutIn, postJson } from '../support/store-client';
import { auditRefunds } from './refund-audit';

const ADMIN = { username: 'owner', password: 'refund crash passphrase 42' };
const ORDER_CENTS = 3500;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Attempt = { orderId: string; key: string; amountCents: number; reason: string };

describeWithDb('refunds while the server is killed between the gateway and the order', () => {
  let database: ServerDatabase;
  let port: number;
  let server: ServerProcess | undefined;

  const start = async (env: Record<string, string> = {}) => {
    server = await startServerProcess({
      port,
      dataDir: database.dataDir,
      databaseUrl: database.databaseUrl,
      readyTimeoutMs: 120_000,
      env: {
        LOG_LEVEL: 'info',
        CAPTCHA_PROVIDER: 'off',
        PAYMENT_GATEWAY: 'sandbox',
        // Settled at once: partial refunds are allowed right after the checkout.
        SANDBOX_SETTLEMENT_SECONDS: '0',
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        ...env,
      },
    });
    return server;
  };

  beforeAll(async () => {
    database = await createServerDatabase();
    port = await freePort();
  });
  afterAll(async () => {
    await server?.kill();
    await database?.close();
  });

  it(
    'refunds nothing twice and loses no refund',
    async () => {
      // Paid orders, one per crash and one more refunded without a crash.
      let current = await start();
      const orderIds: string[] = [];
      for (let i = 0; i <= CRASHES; i += 1) {
        // Each entity's orders in its own currency, refunded in it: USD, CAD and GBP in turn.
        const currency = (['USD', 'CAD', 'GBP'] as const)[i % 3] ?? 'USD';
        const paid = await checkoutIn(current.baseUrl, randomUUID(), await cardNonce(current.baseUrl), currency);
        expect(paid.status, JSON.stringify(paid.body)).toBe(200);
        orderIds.push(String(paid.body.orderId));
      }
      await current.stop();
      // The owner (ADMIN_USERNAME) signed in to the back office: a session row, as the login leaves it.
      const token = await database.withDb(async (db) => {
        const [owner] = await db.select({ id: admins.id }).from(admins).where(eq(admins.username, ADMIN.username));
        if (!owner) throw new Error('no owner');
        return (await openStaffSession(db, { adminId: owner.id, stage: 'full', clientIp: null })).token;
      });
      const refund = (baseUrl: string, attempt: Attempt): Promise<Answer> =>
        postJson(
          baseUrl,
          `/api/staff/orders/${attempt.orderId}/refunds`,
          { amountCents: attempt.amountCents, reason: attempt.reason },
          { 'idempotency-key': attempt.key, cookie: `${STAFF_COOKIE}=${token}`, origin: baseUrl },
        );

      // Each armed start dies on its first refund, after the gateway's and before the order's update.
      const attempts: Attempt[] = [];
      const exits: string[] = [];
      for (let i = 0; i < CRASHES; i += 1) {
        current = await start({ STORE_FAULT_POINT: REFUND_FAULT_POINT });
        const attempt: Attempt = {
          orderId: orderIds[i] ?? '',
          key: randomUUID(),
          // Whole and partial in turn.
          amountCents: i % 2 === 0 ? ORDER_CENTS : 1000 + i,
          reason: `Crash ${i + 1}`,
        };
        attempts.push(attempt);
        const answered = await refund(current.baseUrl, attempt).then(
          (answer) => `answered ${answer.status}`,
          () => 'connection lost',
        );
        const exit = await current.exited;
        exits.push(`${answered}, ${exit.signal ?? exit.code}`);
      }
      expect(exits).toEqual(attempts.map(() => 'connection lost, SIGKILL'));

      // Started again: the refunds are pending; a retry or another key moves no money.
      current = await start();
      for (const attempt of attempts) {
        const retry = await refund(current.baseUrl, attempt);
        expect(retry.status, JSON.stringify(retry.body)).toBe(409);
        const other = await refund(current.baseUrl, { ...attempt, key: randomUUID(), amountCents: ORDER_CENTS });
        expect(other.status, JSON.stringify(other.body)).toBe(400);
      }
      // One refund without a crash, beside them.
      const calm: Attempt = { orderId: orderIds[CRASHES] ?? '', key: randomUUID(), amountCents: 700, reason: 'Calm' };
      expect((await refund(current.baseUrl, calm)).status).toBe(200);
      await current.stop();
      const beforeReconciler = await database.withDb(auditRefunds);

      // Old enough for the reconciler (it leaves younger ones to the request that may still answer).
      await database.withDb((db) =>
        db.execute(
          sql`update refunds set created_at = created_at - interval '5 minutes', updated_at = updated_at - interval '5 minutes' where status = 'pending'`,
        ),
      );
      current = await start();
      const deadline = Date.now() + 60_000;
      while (!current.output().includes('"msg":"refund reconciler run"') && Date.now() < deadline) await sleep(200);
      for (const attempt of attempts) {
        const settled = await refund(current.baseUrl, attempt);
        expect(settled.status, JSON.stringify(settled.body)).toBe(200);
        expect(settled.body.refund).toMatchObject({ status: 'succeeded', amountCents: attempt.amountCents });
      }
      await current.stop();

      const audit = await database.withDb(auditRefunds);
      recordFigures('refund-crash', {
        crashes: attempts.length,
        refunds: audit.refunds,
        pendingBeforeReconciler: beforeReconciler.pending,
        settledByReconciler: audit.reconciled,
        pendingAfter: audit.pending,
        refundedAtGateway: audit.ledgerCents,
        refundedOnOrders: audit.refundedCents,
        disagreements: audit.disagreements.length,
      });
      expect(beforeReconciler.pending, 'one pending refund per crash').toBe(CRASHES);
      expect(
        beforeReconciler.ledgerCents - beforeReconciler.refundedCents,
        'refunded at the gateway, not yet on the orders',
      ).toBe(attempts.reduce((sum, a) => sum + a.amountCents, 0));
      expect(audit.pending, 'refunds still pending').toBe(0);
      expect(audit.reconciled, 'settled by the reconciler').toBe(CRASHES);
      expect(audit.disagreements, 'gateway, orders and refunds disagree').toEqual([]);
      expect(audit.correctionProblems, 'one corrected receipt per refund').toEqual([]);
      expect(audit.overRefunded, 'more refunded than paid').toEqual([]);
      expect(audit.deductibleMismatches, "an order's deductible is not its corrected receipt's").toEqual([]);
      expect(audit.refundedCents).toBe(audit.ledgerCents);
      expect(audit.refunds, 'one refund per attempt, none repeated').toBe(CRASHES + 1);
    },
    600_000 + CRASHES * 60_000,
  );
});
