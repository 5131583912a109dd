/**
 * The signed-in visitor's account id for a request, or null for a guest. The auth module makes one
 * (modules/auth/session-user.ts) and app start-up hands it to the modules that file things under an
 * account (the checkout, event registrations). Declared here, below all of them, so those modules
 * need nothing from auth and auth needs nothing from them.
 */
import type { FastifyRequest } from 'fastify';

export type ResolveUserId = (request: FastifyRequest) => Promise<string | null>;
