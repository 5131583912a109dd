/**
 * The edits staff make to the content document, as pure functions from the current document to the
 * next (edit-content.ts stores them). Nothing is ever removed: an item or center that is no longer
 * offered is archived, so old orders, receipts and the report still find its name.
 */

import type { SiteEvent } from '@store/shared/site';
import type { CatalogueList, CenterFields, ItemFields, SiteContent } from '@store/shared/site-content';
import { AppError } from '#src/errors/app-error';
import type { ContentChange } from './edit-content';

const nextId = (items: readonly { id: number }[]) => Math.max(0, ...items.map((i) => i.id)) + 1;

function itemNotFound(id: number): AppError {
  return new AppError('not_found', `There is no item ${id} in the catalogue or the concert tiers.`);
}

export function updateItem(content: SiteContent, id: number, fields: ItemFields): ContentChange {
  const list: CatalogueList | undefined = content.catalogue.some((i) => i.id === id)
    ? 'catalogue'
    : content.concert.some((i) => i.id === id)
      ? 'concert'
      : undefined;
  if (!list) throw itemNotFound(id);
  const before = content[list].find((i) => i.id === id);
  const after = { id, ...fields };
  return {
    content: { ...content, [list]: content[list].map((i) => (i.id === id ? after : i)) },
    audit: {
      action:
        before?.archived === after.archived
          ? 'catalogue.item.update'
          : after.archived
            ? 'catalogue.item.archive'
            : 'catalogue.item.restore',
      targetType: 'item',
      targetId: String(id),
      before,
      after,
    },
  };
}

/** A new item takes the next id after every catalogue and concert id: ids are never reused. */
export function createItem(content: SiteContent, list: CatalogueList, fields: ItemFields): ContentChange {
  const item = { id: nextId([...content.catalogue, ...content.concert]), ...fields };
  return {
    content: { ...content, [list]: [...content[list], item] },
    audit: {
      action: 'catalogue.item.create',
      targetType: 'item',
      targetId: String(item.id),
      before: null,
      after: { list, ...item },
    },
  };
}

export function updateCenter(content: SiteContent, id: number, fields: CenterFields): ContentChange {
  const before = content.centers.find((c) => c.id === id);
  if (!before) throw new AppError('not_found', `There is no center ${id}.`);
  const after = { id, ...fields };
  return {
    content: { ...content, centers: content.centers.map((c) => (c.id === id ? after : c)) },
    audit: { action: 'catalogue.center.update', targetType: 'center', targetId: String(id), before, after },
  };
}

export function createCenter(content: SiteContent, fields: CenterFields): ContentChange {
  const center = { id: nextId(content.centers), ...fields };
  return {
    content: { ...content, centers: [...content.centers, center] },
    audit: {
      action: 'catalogue.center.create',
      targetType: 'center',
      targetId: String(center.id),
      before: null,
      after: center,
    },
  };
}

export function updateEvent(content: SiteContent, event: SiteEvent): ContentChange {
  return {
    content: { ...content, event },
    audit: {
      action: 'catalogue.event.update',
      targetType: 'event',
      targetId: 'event',
      before: content.event,
      after: event,
    },
  };
}
