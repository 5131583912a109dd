/**
 * OpenAPI document built from the routes' zod schemas, and Swagger UI at /api/docs
 * (the JSON at /api/docs/json). Must be registered before the routes it documents.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const API_DOCS_PREFIX = '/api/docs';

export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Donation store API',
        description: 'Catalogue, checkout, event registration and payment report of the donation store.',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    // No call to validator.swagger.io: the docs page must not talk to third parties.
    uiConfig: { validatorUrl: null },
  });
}
