/**
 * The checkout's pending insert (one statement: the order, written only below the decline limit)
 * when it writes nothing and nothing explains why: no order under the key and no decline wait, as
 * when the limit's window ran out, or the key's order vanished, between the insert and the look-up.
 * A trigger that skips the insert of one key a given number of times stands in for that race.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { orders } from '#src/modules/ledger/index';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { checkoutBody, countRows, postCheckout } from '../../../test/checkout-helpers';
import { describeWithDb } from '../../../test/test-db';

describeWithDb('placeOrder: a pending insert that wrote nothing, for no reason the database still shows', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    const { db } = t.testDb;
    await db.execute(sql`create table test_skipped_inserts (idempotency_key text primary key, times int not null)`);
    await db.execute(
      sql.raw(`create function test_skip_insert() returns trigger language plpgsql as $$
      begin
        update test_skipped_inserts set times = times - 1 where idempotency_key = new.idempotency_key and times > 0;
        if found then return null; end if;
        return new;
      end $$`),
    );
    await db.execute(
      sql`create trigger test_skip_insert before insert on orders for each row execute function test_skip_insert()`,
    );
  });
  afterAll(() => t?.close());

  async function skipInserts(key: string, times: number) {
    await t.testDb.db.execute(sql`insert into test_skipped_inserts values (${key}, ${times})`);
  }

  async function skipsLeft(key: string): Promise<number> {
    const result = await t.testDb.db.execute<{ times: number }>(
      sql`select times from test_skipped_inserts where idempotency_key = ${key}`,
    );
    return result.rows[0]?.times ?? -1;
  }

  it('tries the insert once more, and charges once', async () => {
    const key = randomUUID();
    await skipInserts(key, 1);
    const before = await countRows(t.testDb.db);
    const res = await postCheckout(t.app, {
      body: checkoutBody('fake-valid-nonce', undefined, 'retried@example.org'),
      key,
      remoteAddress: '10.8.0.1',
    });
    expect(res.statusCode).toBe(200);
    expect(await skipsLeft(key)).toBe(0);
    const after = await countRows(t.testDb.db);
    expect(after.orders - before.orders).toBe(1);
    expect(after.ledger - before.ledger).toBe(1);
    const [order] = await t.testDb.db.select().from(orders).where(eq(orders.idempotencyKey, key));
    expect(res.json()).toMatchObject({ success: true, transactionId: order?.transactionId, orderId: order?.id });
  });

  it('gives up after the second claim with a 500, storing and charging nothing', async () => {
    const key = randomUUID();
    // Each claim tries twice while the database says a place is free (a place freed in between).
    await skipInserts(key, 4);
    const before = await countRows(t.testDb.db);
    const res = await postCheckout(t.app, {
      body: checkoutBody('fake-valid-nonce', undefined, 'unlucky@example.org'),
      key,
      remoteAddress: '10.8.0.2',
    });
    expect(res.statusCode).toBe(500);
    expect(res.json().error.code).toBe('internal_error');
    expect(await skipsLeft(key)).toBe(0);
    expect(await countRows(t.testDb.db)).toEqual(before);
  });
});
