/**
 * The list of capabilities the API offers. A new module is a folder under modules/ exporting a
 * Fastify plugin (routes.ts) and one line here passing it the parts of the context it needs.
 * Each module is its own encapsulated plugin: its hooks and decorators stay inside it.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { createAdminGuard } from './admins/require-admin';
import { adminRoutes } from './admins/routes';
import { authLocation } from './auth/auth-location';
import { authRoutes } from './auth/routes';
import { createSessionUserResolver } from './auth/session-user';
import { createSessionStore } from './auth/sessions';
import { createCaptchaVerifier } from './captcha/create-verifier';
import { captchaRoutes } from './captcha/routes';
import { catalogueRoutes } from './catalogue/routes';
import { healthRoutes } from './health/routes';
import { createGateway } from './payments/create-gateway';
import { paymentRoutes } from './payments/routes';
import { registrationRoutes } from './registrations/routes';
import { reportRoutes } from './report/routes';

export async function registerModules(app: FastifyInstance, context: AppContext): Promise<void> {
  await app.register(healthRoutes, { db: context.db });
  await app.register(catalogueRoutes, { site: context.site });
  await app.register(adminRoutes, { db: context.db });
  await app.register(captchaRoutes, { config: context.config, secrets: context.secrets });
  // Account sessions: the auth server opens them; the checkout and registrations file under them.
  const sessions = createSessionStore({ db: context.db, logger: app.log });
  const resolveUserId = createSessionUserResolver({ sessions, allowedOrigins: context.config.allowedOrigins });
  await app.register(authRoutes, {
    prefix: authLocation(context.config).prefix,
    db: context.db,
    site: context.site,
    config: context.config,
    secrets: context.secrets,
    sessions,
  });
  // One verifier for every guarded route; a module puts `preHandler: captchaPreHandler(captcha, action)` on it.
  const captcha = createCaptchaVerifier({ ...context, logger: app.log });
  const paymentGateway = context.paymentGateway ?? (await createGateway(context));
  await app.register(paymentRoutes, {
    db: context.db,
    site: context.site,
    gateway: paymentGateway,
    captcha,
    mail: context.mail,
    resolveUserId,
  });
  await app.register(registrationRoutes, {
    db: context.db,
    site: context.site,
    captcha,
    mail: context.mail,
    resolveUserId,
  });
  await app.register(reportRoutes, {
    db: context.db,
    site: context.site,
    databaseKind: context.config.database.kind,
    preHandler: createAdminGuard({ db: context.db, logger: app.log }),
  });
}
