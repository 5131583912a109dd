/**
 * The back office's catalogue editor (issue 21), for owners and editors ('editCatalogue'):
 *   GET  /api/staff/catalogue               the content document and its version
 *   PUT  /api/staff/catalogue/items/:id     a catalogue item or concert tier (archive = archived: true)
 *   POST /api/staff/catalogue/items         a new item or tier, with the next free id
 *   PUT  /api/staff/catalogue/centers/:id   POST /api/staff/catalogue/centers
 *   PUT  /api/staff/catalogue/event
 *   PUT  /api/staff/catalogue/entities/:key   POST /api/staff/catalogue/entities   (the owner alone)
 *   GET  /api/staff/catalogue/export        site.json as it would now read (the import/export format)
 * Pictures: image-routes.ts. Every edit names the version it was made from (409 when stale) and is
 * audited in its own transaction. There is no DELETE: what was sold stays, archived.
 */
import { apiErrorSchema } from '@store/shared/api-error';
import { siteSchema } from '@store/shared/site';
import {
  centerRequestSchema,
  createEntityRequestSchema,
  createItemRequestSchema,
  siteContentMessages,
  staffCatalogueSchema,
  updateEntityRequestSchema,
  updateEventRequestSchema,
  updateItemRequestSchema,
} from '@store/shared/site-content';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#src/db/client';
import { AppError } from '#src/errors/app-error';
import { createStaffGuard } from '#src/modules/staff/require-staff';
import { createCenter, createItem, updateCenter, updateEvent, updateItem } from './content-changes';
import { editContent } from './edit-content';
import { createEntity, type EntityChange, settledFieldsChanged, updateEntity } from './entity-changes';
import { entityHasGifts } from './entity-gifts';
import { imageExists } from './image-repo';
import type { ContentSnapshot, SiteContentStore } from './site-content-store';

export type SiteContentRoutesOptions = { db: Database; store: SiteContentStore; allowedOrigins: readonly string[] };

const keyParams = z.object({ key: z.string().max(16, 'at most 16 characters') });

const idParams = z.object({
  id: z.coerce.number('must be a number').int('must be a whole number').positive('must be positive').max(2_147_483_647),
});

const refusals = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const editRefusals = { ...refusals, 404: apiErrorSchema, 409: apiErrorSchema };

const answer = (snapshot: ContentSnapshot) => ({
  version: snapshot.version,
  content: snapshot.content,
  updatedAt: snapshot.updatedAt.toISOString(),
});

export const siteContentRoutes: FastifyPluginAsyncZod<SiteContentRoutesOptions> = async (app, options) => {
  const { db, store } = options;
  const guard = createStaffGuard({ db, allowedOrigins: options.allowedOrigins });
  const preHandler = guard('editCatalogue');

  /** An item may name only a picture that was uploaded: the public catalogue links to it. */
  const checkImage = async (imageId: string | undefined, field: string) => {
    if (imageId && !(await imageExists(db, imageId))) {
      throw new AppError('validation_error', siteContentMessages.unknownImage, {
        fields: { [field]: siteContentMessages.unknownImage },
      });
    }
  };

  app.get(
    '/api/staff/catalogue',
    {
      schema: {
        tags: ['staff'],
        summary: 'The editable catalogue, concert tiers, centers and event',
        response: { 200: staffCatalogueSchema, ...refusals },
      },
      preHandler,
    },
    async () => answer(await store.current()),
  );

  app.put(
    '/api/staff/catalogue/items/:id',
    {
      schema: {
        tags: ['staff'],
        summary: 'Changes a catalogue item or concert tier (archived: true takes it out of the store)',
        params: idParams,
        body: updateItemRequestSchema,
        response: { 200: staffCatalogueSchema, ...editRefusals },
      },
      preHandler,
    },
    async (request) => {
      const { version, item } = request.body;
      await checkImage(item.imageId, 'item.imageId');
      const saved = await editContent({
        db,
        store,
        request,
        version,
        change: (c) => updateItem(c, request.params.id, item),
      });
      return answer(saved);
    },
  );

  app.post(
    '/api/staff/catalogue/items',
    {
      schema: {
        tags: ['staff'],
        summary: 'Adds a catalogue item or concert tier with the next free id',
        body: createItemRequestSchema,
        response: { 201: staffCatalogueSchema, ...editRefusals },
      },
      preHandler,
    },
    async (request, reply) => {
      const { version, list, item } = request.body;
      await checkImage(item.imageId, 'item.imageId');
      const saved = await editContent({ db, store, request, version, change: (c) => createItem(c, list, item) });
      return reply.code(201).send(answer(saved));
    },
  );

  app.put(
    '/api/staff/catalogue/centers/:id',
    {
      schema: {
        tags: ['staff'],
        summary: 'Changes a center (archived: true takes it off the checkout)',
        params: idParams,
        body: centerRequestSchema,
        response: { 200: staffCatalogueSchema, ...editRefusals },
      },
      preHandler,
    },
    async (request) => {
      const { version, center } = request.body;
      return answer(
        await editContent({ db, store, request, version, change: (c) => updateCenter(c, request.params.id, center) }),
      );
    },
  );

  app.post(
    '/api/staff/catalogue/centers',
    {
      schema: {
        tags: ['staff'],
        summary: 'Adds a center with the next free id',
        body: centerRequestSchema,
        response: { 201: staffCatalogueSchema, ...editRefusals },
      },
      preHandler,
    },
    async (request, reply) => {
      const { version, center } = request.body;
      const saved = await editContent({ db, store, request, version, change: (c) => createCenter(c, center) });
      return reply.code(201).send(answer(saved));
    },
  );

  app.put(
    '/api/staff/catalogue/event',
    {
      schema: {
        tags: ['staff'],
        summary: 'Changes the event of /registration',
        body: updateEventRequestSchema,
        response: { 200: staffCatalogueSchema, ...editRefusals },
      },
      preHandler,
    },
    async (request) => {
      const { version, event } = request.body;
      return answer(await editContent({ db, store, request, version, change: (c) => updateEvent(c, event) }));
    },
  );

  /** An entity that has taken gifts keeps what they were numbered, paid and receipted under. */
  const allowEntityChange = async (tx: Pick<Database, 'select'>, change: EntityChange) => {
    const { before, after } = change;
    if (!before) return;
    const changed = settledFieldsChanged(before, after);
    if (changed.length === 0 || !(await entityHasGifts(tx, before.key))) return;
    throw new AppError('conflict', siteContentMessages.entityLocked, {
      fields: Object.fromEntries(changed.map((field) => [`entity.${field}`, siteContentMessages.entityLocked])),
    });
  };
  const entityPreHandler = guard('editEntities');

  app.put(
    '/api/staff/catalogue/entities/:key',
    {
      schema: {
        tags: ['staff'],
        summary: 'Changes a legal entity (its country, currency, rules and prefix only before its first gift)',
        params: keyParams,
        body: updateEntityRequestSchema,
        response: { 200: staffCatalogueSchema, ...editRefusals },
      },
      preHandler: entityPreHandler,
    },
    async (request) => {
      const { version, entity } = request.body;
      const saved = await editContent({
        db,
        store,
        request,
        version,
        change: (c) => updateEntity(c, request.params.key, entity),
        allow: allowEntityChange,
      });
      return answer(saved);
    },
  );

  app.post(
    '/api/staff/catalogue/entities',
    {
      schema: {
        tags: ['staff'],
        summary: 'Adds a legal entity for a country that has none',
        body: createEntityRequestSchema,
        response: { 201: staffCatalogueSchema, ...editRefusals },
      },
      preHandler: entityPreHandler,
    },
    async (request, reply) => {
      const { version, entity } = request.body;
      const saved = await editContent({ db, store, request, version, change: (c) => createEntity(c, entity) });
      return reply.code(201).send(answer(saved));
    },
  );

  app.get(
    '/api/staff/catalogue/export',
    {
      schema: {
        tags: ['staff'],
        summary: "config/site.json as it would now read: the file's fixed parts with the content as edited",
        response: { 200: siteSchema, ...refusals },
      },
      preHandler,
    },
    async (_request, reply) => {
      const { site, version } = await store.current();
      reply.header('content-disposition', `attachment; filename="site-v${version}.json"`);
      return site;
    },
  );
};
