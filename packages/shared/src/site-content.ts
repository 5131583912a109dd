/**
 * The back office's catalogue editor (issue 21): the editable document (catalogue, concert tiers,
 * centers, the event: site.json's content) and the body of every edit. Each edit carries the
 * `version` it was based on; the server refuses a stale one (409) instead of overwriting a
 * colleague's change made in between. The /admin form and the routes parse with these schemas.
 */
import { z } from 'zod';
import { currenciesWithoutValue } from './prices';
import {
  centersHaveEntities,
  entitySchema,
  eventSchema,
  noOverlappingIds,
  siteCenterSchema,
  siteContentShape,
  siteItemSchema,
} from './site';

export const siteContentSchema = z
  .object(siteContentShape)
  .refine(...noOverlappingIds)
  .refine(...centersHaveEntities);
export type SiteContent = z.infer<typeof siteContentSchema>;

const version = z.number().int().nonnegative();

/** An item's fields as a form edits them (the id comes from the address, or is the next free one). */
/**
 * An item as staff edit it. Priced in another currency with goods or services given back, it needs
 * their fair market value in that currency too (the receipt's deductible part depends on it).
 */
export const itemFieldsSchema = siteItemSchema.omit({ id: true }).superRefine((item, ctx) => {
  for (const currency of currenciesWithoutValue(item)) {
    ctx.addIssue({
      code: 'custom',
      path: ['benefit', 'fairMarketValues', currency],
      message: `is required with a price in ${currency}`,
    });
  }
});
export type ItemFields = z.infer<typeof itemFieldsSchema>;

export const centerFieldsSchema = siteCenterSchema.omit({ id: true });
export type CenterFields = z.infer<typeof centerFieldsSchema>;

/** Which list a new item joins: the store's cards or the concert tiers. */
export const CATALOGUE_LISTS = ['catalogue', 'concert'] as const;
export type CatalogueList = (typeof CATALOGUE_LISTS)[number];

/** PUT /api/staff/catalogue/items/:id (a catalogue item or a concert tier) */
export const updateItemRequestSchema = z.object({ version, item: itemFieldsSchema });
/** POST /api/staff/catalogue/items */
export const createItemRequestSchema = z.object({
  version,
  list: z.enum(CATALOGUE_LISTS, 'must be catalogue or concert'),
  item: itemFieldsSchema,
});
/** PUT /api/staff/catalogue/centers/:id and POST /api/staff/catalogue/centers */
export const centerRequestSchema = z.object({ version, center: centerFieldsSchema });
/** An entity as the owner edits it: its key names it in the address and never changes. */
export const entityFieldsSchema = entitySchema.omit({ key: true });
export type EntityFields = z.infer<typeof entityFieldsSchema>;
/** PUT /api/staff/catalogue/entities/:key */
export const updateEntityRequestSchema = z.object({ version, entity: entityFieldsSchema });
/** POST /api/staff/catalogue/entities: an entity for a country that has none yet. */
export const createEntityRequestSchema = z.object({ version, entity: entitySchema });

/** PUT /api/staff/catalogue/event */
export const updateEventRequestSchema = z.object({ version, event: eventSchema });

/** GET /api/staff/catalogue, and the answer to every edit: the whole document as it now stands. */
export const staffCatalogueSchema = z.object({
  version,
  content: siteContentSchema,
  updatedAt: z.string(),
});
export type StaffCatalogue = z.infer<typeof staffCatalogueSchema>;

/** POST /api/staff/catalogue/images → 201 */
export const uploadedImageSchema = z.object({ id: z.uuid(), url: z.string() });
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

/** Pictures a browser shows everywhere; SVG is left out on purpose (it can carry script). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];
/** A product photo for a card a few hundred pixels wide needs far less; 2 MB leaves room for a raw one. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

export function isImageType(value: string): value is ImageType {
  return (IMAGE_TYPES as readonly string[]).includes(value);
}

/** Where an uploaded picture is served: the item's `image` in the public catalogue. */
export function imageUrl(imageId: string): string {
  return `/api/public/images/${imageId}`;
}

export const siteContentMessages = {
  stale: 'Someone else changed the catalogue after you opened it. Reload to see their change, then make yours again.',
  imageType: 'Choose a PNG, JPEG or WebP picture.',
  imageTooLarge: 'This picture is over 2 MB. Make it smaller and upload it again.',
  imageContent: 'This file is not the kind of picture its type says. Upload a real PNG, JPEG or WebP file.',
  unknownImage: 'No uploaded picture has this id. Upload the picture again.',
  archivedItem: 'This item is no longer offered. Please remove it from your bucket.',
  archivedCenter: 'This center no longer takes donations online. Please choose another center.',
  /** Its gifts were numbered in its series, paid in its currency, receipted under its country's rules. */
  entityLocked:
    'This entity has taken gifts: its country, currency, receipt rules and receipt prefix stay as they are. Only its name and merchant account can change.',
  noEntity: 'There is no entity with this key.',
} as const;
