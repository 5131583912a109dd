/**
 * A gift's tribute card (gift-extras.ts): queued once when the gift is paid, never for a declined
 * one or a replayed checkout, written as the recipient reads it (no amount unless the donor chose
 * so), limited like every outbound e-mail the store sends to an address a visitor typed, and never
 * lost when the process dies between the settlement and the card (the reconciler's sweep).
 */
import { randomUUID } from 'node:crypto';
import type { GiftExtrasFields } from '@store/shared/gift-extras';
import { staffOrderDetailSchema } from '@store/shared/staff';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLogger } from '#src/logger';
import { reconcilePendingOrders } from '#src/modules/checkout/reconcile';
import { findOrderByIdempotencyKey, RECEIPT_KIND } from '#src/modules/ledger/index';
import { mailOutbox } from '#src/modules/mail/tables';
import { GatewayUnavailableError } from '#src/modules/payments/gateway';
import { createSandboxGateway, type SandboxGateway } from '#src/modules/payments/gateways/sandbox';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import {
  checkoutBody,
  DECLINING_CARD,
  postCheckout,
  sandboxNonce,
  testReceiptSettings,
} from '../../../test/checkout-helpers';
import { outboxMessages } from '../../../test/outbox-helpers';
import { pdfText } from '../../../test/pdf-text';
import { signInStaff, staffCall } from '../../../test/staff-helpers';
import { describeWithDb } from '../../../test/test-db';
import { queueMissingTributeCards, queueTributeCard } from './queue-tribute-card';
import { tributeCards } from './tables';
import { TRIBUTE_CARD_KIND } from './tribute-card-kind';
import { CARDS_PER_RECIPIENT } from './tribute-card-limit';

describeWithDb('tribute cards', () => {
  let t: TestApp;
  let sandbox: SandboxGateway;
  /** Set: the next sale charges, then loses its answer (a crash between the charge and its record). */
  let crashNextSale = false;
  beforeAll(async () => {
    t = await buildTestApp({
      paymentGateway: ({ db, secrets }) => {
        sandbox = createSandboxGateway({ db, secret: secrets.session });
        return {
          ...sandbox,
          async sale(input) {
            const outcome = await sandbox.sale(input);
            if (!crashNextSale) return outcome;
            crashNextSale = false;
            throw new GatewayUnavailableError('connection reset after the charge');
          },
        };
      },
    });
  });
  afterAll(() => t?.close());

  let ips = 0;
  const tribute = (card: string, extra: GiftExtrasFields = {}): GiftExtrasFields => ({
    tributeKind: 'memory',
    tributeName: 'Sita Devi',
    tributeMessage: 'She fed <b>everyone</b> who came to her door.',
    tributeCardName: 'Lakshmi Rao',
    tributeCardEmail: card,
    ...extra,
  });
  async function give(details: GiftExtrasFields, { card, key }: { card?: string; key?: string } = {}) {
    const body = checkoutBody(await sandboxNonce(t.app, card ? { number: card } : {}));
    ips += 1;
    return postCheckout(t.app, {
      body: { ...body, customerDetails: { ...body.customerDetails, ...details } },
      key: key ?? randomUUID(),
      remoteAddress: `10.90.${ips}.1`,
    });
  }
  const cards = (orderId: string) => outboxMessages(t.testDb.db, t.site, orderId, TRIBUTE_CARD_KIND);
  const cardRow = async (orderId: string) =>
    (await t.testDb.db.select().from(tributeCards).where(eq(tributeCards.orderId, orderId)))[0];

  it('queues one card for a paid gift, written for its recipient, and none again on a replay', async () => {
    const key = randomUUID();
    const details = tribute('lakshmi@example.org');
    const res = await give(details, { key });
    expect(res.statusCode).toBe(200);
    const orderId: string = res.json().orderId;
    const [card, ...more] = await cards(orderId);
    expect(more).toEqual([]);
    expect(card).toMatchObject({
      toAddress: 'lakshmi@example.org',
      subject: 'Asha Rao made a gift in memory of Sita Devi',
    });
    expect(card?.text).toContain('Dear Lakshmi,');
    expect(card?.text).toContain('Asha Rao has made a gift to');
    expect(card?.text).toContain('in memory of Sita Devi');
    expect(card?.text).toContain('She fed <b>everyone</b> who came to her door.');
    expect(card?.html).toContain('She fed &lt;b&gt;everyone&lt;/b&gt;');
    // No amount, nothing of the receipt or the donor's contact.
    for (const body of [card?.text, card?.html]) {
      expect(body).not.toMatch(/\$\s?35|35\.00|asha@example\.org|5125550123|receipt/i);
    }
    // The same checkout again (a retry of the request) is answered from the order: no second card.
    const again = await give(details, { key });
    expect(again.statusCode).toBe(200);
    expect(again.json().orderId).toBe(orderId);
    expect(await cards(orderId)).toHaveLength(1);
    expect(await queueTributeCard(t.testDb.db, orderId)).toBe('queued');
    expect(await cards(orderId)).toHaveLength(1);

    // The donor's receipt prints the tribute, in the e-mail and its PDF.
    const [receipt] = await outboxMessages(t.testDb.db, t.site, orderId, RECEIPT_KIND);
    expect(receipt?.text).toMatch(/In memory of:?\s+Sita Devi/);
    expect(receipt?.text).toContain('She fed <b>everyone</b> who came to her door.');
    const pdf = receipt?.attachments?.[0]?.content;
    if (!pdf) throw new Error('no PDF');
    const printed = await pdfText(pdf);
    expect(printed).toContain('In memory of Sita Devi');
    expect(printed).toContain('Tribute message She fed <b>everyone</b> who came to her door.');

    // In honour, with the amount shown: the amount is on the card.
    const shown = await give(tribute('gopal@example.org', { tributeKind: 'honour', tributeShowAmount: true }));
    const [withAmount] = await cards(shown.json().orderId);
    expect(withAmount?.subject).toBe('Asha Rao made a gift in honour of Sita Devi');
    expect(withAmount?.text).toContain('Asha Rao has made a gift of $35.00 to');
  });

  it('sends no card for a declined gift, nor for a gift without one', async () => {
    const declined = await give(tribute('declined@example.org'), { card: DECLINING_CARD });
    expect(declined.statusCode).toBe(402);
    const orderId: string = declined.json().orderId;
    expect(await cardRow(orderId)).toBeUndefined();
    expect(await cards(orderId)).toEqual([]);
    const plain = await give({ tributeKind: 'honour', tributeName: 'Guru' });
    expect(plain.statusCode).toBe(200);
    expect(await cardRow(plain.json().orderId)).toBeUndefined();
  });

  it('sends 3 cards a day to one address; the 4th gift is paid, its card kept as limited and not sent', async () => {
    const victim = `victim-${randomUUID().slice(0, 8)}@example.org`;
    const statuses = [];
    const orderIds: string[] = [];
    for (let i = 0; i <= CARDS_PER_RECIPIENT; i += 1) {
      const res = await give(tribute(i % 2 ? victim.toUpperCase() : victim));
      expect(res.statusCode).toBe(200);
      const orderId: string = res.json().orderId;
      orderIds.push(orderId);
      statuses.push((await cardRow(orderId))?.status);
      // The answer tells the thank-you page whether the card went: only the held one says so.
      expect(res.json().tributeCard).toEqual({
        name: 'Lakshmi Rao',
        ...(i === CARDS_PER_RECIPIENT ? { held: true } : {}),
      });
      if (i === CARDS_PER_RECIPIENT) expect(await cards(orderId)).toEqual([]);
    }
    expect(statuses).toEqual(['queued', 'queued', 'queued', 'limited']);
    // The back office's order view shows the tribute and where its card stands.
    const staff = await signInStaff(t, 'treasurer');
    const detail = async (orderId: string) =>
      staffOrderDetailSchema.parse((await staffCall(t.app, staff, 'GET', `/api/staff/orders/${orderId}`)).json())
        .tribute;
    expect(await detail(orderIds[0] ?? '')).toEqual({
      kind: 'memory',
      name: 'Sita Devi',
      message: 'She fed <b>everyone</b> who came to her door.',
      card: { name: 'Lakshmi Rao', email: victim, showAmount: false, status: 'queued' },
    });
    expect((await detail(orderIds[3] ?? ''))?.card?.status).toBe('limited');
  });

  it('queues the card of a gift settled without its follow-up, once, by the sweep', async () => {
    crashNextSale = true;
    const key = randomUUID();
    const res = await give(tribute('sweep@example.org'), { key });
    expect(res.statusCode).toBe(503);
    const orderId = (await findOrderByIdempotencyKey(t.testDb.db, key))?.id ?? '';
    // The reconciler settles the charge; the card's follow-up never ran (as after a crash).
    const summary = await reconcilePendingOrders({
      db: t.testDb.db,
      gateway: sandbox,
      logger: createLogger('silent'),
      olderThanMs: 0,
      receipts: testReceiptSettings('UTC'),
    });
    expect(summary).toMatchObject({ succeeded: 1 });
    expect(await cardRow(orderId)).toBeUndefined();
    expect(await queueMissingTributeCards(t.testDb.db)).toBe(1);
    expect(await queueMissingTributeCards(t.testDb.db)).toBe(0);
    // The checkout's own follow-up, arriving late, finds the card queued.
    expect(await queueTributeCard(t.testDb.db, orderId)).toBe('queued');
    const rows = await t.testDb.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, TRIBUTE_CARD_KIND), eq(mailOutbox.subjectId, orderId)));
    expect(rows).toHaveLength(1);
    expect((await cards(orderId))[0]?.toAddress).toBe('sweep@example.org');
  });
});
