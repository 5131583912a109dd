/**
 * The list of capabilities the API offers. A new module is a folder under modules/ exporting a
 * Fastify plugin (routes.ts) and one line here passing it the parts of the context it needs.
 * Each module is its own encapsulated plugin: its hooks and decorators stay inside it.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { catalogueRoutes } from './catalogue/routes';
import { healthRoutes } from './health/routes';

export async function registerModules(app: FastifyInstance, context: AppContext): Promise<void> {
  await app.register(healthRoutes, { db: context.db });
  await app.register(catalogueRoutes, { site: context.site });
}
