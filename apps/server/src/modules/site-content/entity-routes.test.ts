/**
 * The owner edits the legal entities as staff edit the rest of the catalogue, on both databases: a
 * site that starts without a UK charity gets one from the back office, then a London center, and the
 * very next £25 gift is numbered in the new series; an entity that has taken gifts keeps its series,
 * currency and rules; a database stored before entities were editable takes site.json's.
 */
import type { Site } from '@store/shared/site';
import { type StaffCatalogue, siteContentMessages } from '@store/shared/site-content';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '#src/config';
import { siteContent } from '#src/modules/site-content/tables';
import { auditLog } from '#src/modules/staff/tables';
import { loadSite } from '#src/site/load-site';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { checkoutBodyAt, openAmount, postCheckout, sandboxNonce } from '../../../test/checkout-helpers';
import { type SignedInStaff, signInStaff, staffCall } from '../../../test/staff-helpers';
import { describeWithDb } from '../../../test/test-db';
import { createSiteContentStore } from './site-content-store';

const YEAR = new Date().getFullYear();
const SITE = loadSite(loadConfig({}).siteConfigPath);
const UK_CHARITY = {
  key: 'uk',
  name: 'UK charity',
  country: 'GB',
  currency: 'GBP',
  merchantAccountId: 'fake_gbp_account',
  receiptPrefix: 'GB-',
  receipts: 'uk-gift-aid',
} as const;

/** config/site.json before the UK charity was registered: no UK entity, no London center. */
function siteWithoutUk(): Site {
  const site = SITE;
  return {
    ...site,
    entities: site.entities.filter((e) => e.country !== 'GB'),
    centers: site.centers.filter((c) => c.country !== 'GB'),
  };
}

describeWithDb('the legal entities in the back office', () => {
  let t: TestApp;
  let owner: SignedInStaff;
  beforeAll(async () => {
    t = await buildTestApp({ site: siteWithoutUk() });
    owner = await signInStaff(t, 'owner');
  });
  afterAll(() => t?.close());

  const current = async () => (await staffCall(t.app, owner, 'GET', '/api/staff/catalogue')).json<StaffCatalogue>();
  const entityOf = (catalogue: StaffCatalogue, key: string) => catalogue.content.entities.find((e) => e.key === key);
  const fieldsOf = (catalogue: StaffCatalogue, key: string) => {
    const { key: _key, ...fields } = entityOf(catalogue, key) ?? {};
    return fields;
  };

  it('lets the owner alone change them: an editor, who edits the catalogue, gets 403', async () => {
    const editor = await signInStaff(t, 'editor');
    const { version } = await current();
    const put = await staffCall(t.app, editor, 'PUT', '/api/staff/catalogue/entities/ca', {
      version,
      entity: { ...fieldsOf(await current(), 'ca'), merchantAccountId: 'someone_elses' },
    });
    expect(put.statusCode).toBe(403);
    const post = await staffCall(t.app, editor, 'POST', '/api/staff/catalogue/entities', {
      version,
      entity: UK_CHARITY,
    });
    expect(post.statusCode).toBe(403);
    expect((await current()).version).toBe(version);
    const unknown = await staffCall(t.app, owner, 'PUT', '/api/staff/catalogue/entities/au', {
      version,
      entity: fieldsOf(await current(), 'ca'),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(siteContentMessages.noEntity);
  });

  it('adds the UK charity, then a London center, and the next £25 gift is numbered in its series', async () => {
    const before = await current();
    const london = { name: 'London', address: '1 Strand, London WC2N 5HR', country: 'GB' };
    const tooSoon = await staffCall(t.app, owner, 'POST', '/api/staff/catalogue/centers', {
      version: before.version,
      center: london,
    });
    expect(tooSoon.statusCode).toBe(400);
    expect(tooSoon.json().error.fields.centers).toBe("every center's country needs an entity in `entities`");

    const twin = await staffCall(t.app, owner, 'POST', '/api/staff/catalogue/entities', {
      version: before.version,
      entity: { ...UK_CHARITY, receiptPrefix: 'CA-' },
    });
    expect(twin.statusCode).toBe(400);
    expect(twin.json().error.fields.entities).toBe('each entity needs its own receiptPrefix');

    const added = await staffCall(t.app, owner, 'POST', '/api/staff/catalogue/entities', {
      version: before.version,
      entity: UK_CHARITY,
    });
    expect(added.statusCode).toBe(201);
    // No gift yet: the prefix may still change.
    const renumbered = await staffCall(t.app, owner, 'PUT', '/api/staff/catalogue/entities/uk', {
      version: added.json<StaffCatalogue>().version,
      entity: { ...fieldsOf(added.json(), 'uk'), receiptPrefix: 'UK-' },
    });
    expect(renumbered.statusCode).toBe(200);
    const center = await staffCall(t.app, owner, 'POST', '/api/staff/catalogue/centers', {
      version: renumbered.json<StaffCatalogue>().version,
      center: london,
    });
    expect(center.statusCode).toBe(201);
    const londonId = center.json<StaffCatalogue>().content.centers.find((c) => c.name === 'London')?.id;

    const publicEntities = (await t.app.inject({ url: '/api/public/catalogue' })).json().entities;
    expect(publicEntities).toContainEqual(expect.objectContaining({ key: 'uk', country: 'GB', currency: 'GBP' }));
    const gift = await postCheckout(t.app, {
      body: checkoutBodyAt(await sandboxNonce(t.app), { center: String(londonId), currency: 'GBP' }, [
        openAmount(8, 25),
      ]),
    });
    expect(gift.statusCode).toBe(200);
    expect(gift.json()).toMatchObject({ amount: 25, currency: 'GBP', receiptNumber: `UK-${YEAR}-000001` });

    const [line] = await t.testDb.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'catalogue.entity.create'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(line).toMatchObject({ actorId: owner.id, targetType: 'entity', targetId: 'uk', before: null });
    expect(line?.after).toMatchObject({ merchantAccountId: 'fake_gbp_account', receiptPrefix: 'GB-' });
  });

  it('keeps the series, currency and rules of an entity that has taken gifts; its name and account still change', async () => {
    const before = await current();
    const uk = fieldsOf(before, 'uk');
    const refused = await staffCall(t.app, owner, 'PUT', '/api/staff/catalogue/entities/uk', {
      version: before.version,
      entity: { ...uk, receiptPrefix: 'GB-', currency: 'USD' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.fields).toEqual({
      'entity.currency': siteContentMessages.entityLocked,
      'entity.receiptPrefix': siteContentMessages.entityLocked,
    });
    expect((await current()).version).toBe(before.version);

    const renamed = await staffCall(t.app, owner, 'PUT', '/api/staff/catalogue/entities/uk', {
      version: before.version,
      entity: { ...uk, name: 'The UK charity (registered 1234567)', merchantAccountId: 'fake_gbp_account_2' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(entityOf(renamed.json(), 'uk')).toMatchObject({
      name: 'The UK charity (registered 1234567)',
      receiptPrefix: 'UK-',
    });
    const [line] = await t.testDb.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'catalogue.entity.update'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(line?.before).toMatchObject({ merchantAccountId: 'fake_gbp_account' });
    expect(line?.after).toMatchObject({ merchantAccountId: 'fake_gbp_account_2' });
  });

  it('gives a row stored before entities were editable the entities of site.json, without a new version', async () => {
    const db = t.testDb.db;
    const [stored] = await db.select().from(siteContent);
    await db.update(siteContent).set({ content: sql`${siteContent.content} - 'entities'` });
    const store = createSiteContentStore({ db, site: SITE });
    const snapshot = await store.current();
    expect(snapshot.version).toBe(stored?.version);
    expect(snapshot.site.entities.map((e) => e.key)).toEqual(SITE.entities.map((e) => e.key));
    const [after] = await db.select().from(siteContent);
    expect((after?.content as { entities?: unknown } | undefined)?.entities).toEqual(SITE.entities);
  });
});
