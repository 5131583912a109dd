/**
 * The owner's edits to the legal entities, as pure functions from the current document to the next
 * (edit-content.ts stores them; entity-gifts.ts says whether an entity has taken gifts). An entity's
 * key is stored on its orders and never changes; none is removed, since its orders still name it.
 */
import type { Entity } from '@store/shared/site';
import { type EntityFields, type SiteContent, siteContentMessages } from '@store/shared/site-content';
import { AppError } from '#src/errors/app-error';
import type { ContentChange } from './edit-content';

/**
 * What an entity's gifts were taken under: numbered in its series, paid in its currency, receipted
 * by its country's rules. Changing any of these once it has gifts would make its past receipts and
 * its next ones disagree (two series in one, or a CAD gift receipted as USD).
 */
const SETTLED_FIELDS = ['country', 'currency', 'receipts', 'receiptPrefix'] as const;

/** The settled fields this edit would change (empty when only the name or merchant account moves). */
export function settledFieldsChanged(before: Entity, after: Entity): string[] {
  return SETTLED_FIELDS.filter((field) => before[field] !== after[field]);
}

export type EntityChange = ContentChange & { before: Entity | null; after: Entity };

export function updateEntity(content: SiteContent, key: string, fields: EntityFields): EntityChange {
  const before = content.entities.find((e) => e.key === key);
  if (!before)
    throw new AppError('not_found', siteContentMessages.noEntity, { fields: { key: siteContentMessages.noEntity } });
  // Optional in the schema: a merchant account left empty in the form is the gateway's default one.
  const after: Entity = { key, ...fields };
  return {
    before,
    after,
    content: { ...content, entities: content.entities.map((e) => (e.key === key ? after : e)) },
    audit: { action: 'catalogue.entity.update', targetType: 'entity', targetId: key, before, after },
  };
}

export function createEntity(content: SiteContent, entity: Entity): EntityChange {
  if (content.entities.some((e) => e.key === entity.key)) {
    throw new AppError('conflict', 'An entity with this key exists already.', {
      fields: { 'entity.key': 'An entity with this key exists already.' },
    });
  }
  return {
    before: null,
    after: entity,
    content: { ...content, entities: [...content.entities, entity] },
    audit: {
      action: 'catalogue.entity.create',
      targetType: 'entity',
      targetId: entity.key,
      before: null,
      after: entity,
    },
  };
}
