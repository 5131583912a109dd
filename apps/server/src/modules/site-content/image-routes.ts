/**
 * Item pictures (issue 21):
 *   POST /api/staff/catalogue/images   the file itself as the body, its type as Content-Type
 *                                      (PNG, JPEG or WebP: 415 otherwise; over 2 MB: 413; bytes
 *                                      that are not that kind of picture: 400) → 201 { id, url }
 *   GET  /api/public/images/:id        the picture, with its type and nosniff, cached for good
 * In a plugin of its own: the raw-body parser below must not reach the JSON routes.
 */
import { apiErrorSchema } from '@store/shared/api-error';
import {
  imageUrl,
  isImageType,
  MAX_IMAGE_BYTES,
  siteContentMessages,
  uploadedImageSchema,
} from '@store/shared/site-content';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#src/db/client';
import { AppError } from '#src/errors/app-error';
import { createStaffGuard } from '#src/modules/staff/require-staff';
import { imageMatchesType } from './image-check';
import { insertImage, readImage } from './image-repo';

export type ImageRoutesOptions = { db: Database; allowedOrigins: readonly string[] };

/** An uploaded picture never changes (a new upload gets a new id): browsers may keep it. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

export const imageRoutes: FastifyPluginAsyncZod<ImageRoutesOptions> = async (app, options) => {
  const { db } = options;
  const guard = createStaffGuard({ db, allowedOrigins: options.allowedOrigins });
  // Every type is read as bytes here, so the handler (after the guard) says which types it takes.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_IMAGE_BYTES }, (_request, body, done) => {
    done(null, body);
  });

  app.post(
    '/api/staff/catalogue/images',
    {
      bodyLimit: MAX_IMAGE_BYTES,
      schema: {
        tags: ['staff'],
        summary: 'Uploads a picture for an item: the body is the PNG, JPEG or WebP file, up to 2 MB',
        response: {
          201: uploadedImageSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          413: apiErrorSchema,
          415: apiErrorSchema,
        },
      },
      preHandler: guard('editCatalogue'),
    },
    async (request, reply) => {
      const type = (request.headers['content-type'] ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';
      if (!isImageType(type)) {
        throw new AppError('unsupported_media_type', siteContentMessages.imageType, {
          fields: { file: siteContentMessages.imageType },
        });
      }
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (!imageMatchesType(bytes, type)) {
        throw new AppError('validation_error', siteContentMessages.imageContent, {
          fields: { file: siteContentMessages.imageContent },
        });
      }
      const id = await insertImage(db, { contentType: type, bytes });
      return reply.code(201).send({ id, url: imageUrl(id) });
    },
  );

  app.get(
    '/api/public/images/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'An uploaded item picture',
        params: z.object({ id: z.uuid('must be a picture id (a UUID)') }),
        response: { 200: z.unknown().describe('the picture'), 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const image = await readImage(db, request.params.id);
      if (!image) throw new AppError('not_found', 'No picture has this id.');
      return reply
        .header('cache-control', IMMUTABLE)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .type(image.contentType)
        .send(image.bytes);
    },
  );
};
