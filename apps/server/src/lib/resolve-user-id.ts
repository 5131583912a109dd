/**
 * The signed-in visitor's account id for a request, or null for a guest. The auth module makes one
 * (modules/auth/session-user.ts) and app start-up hands it to the modules that file things under an
 * account (the checkout, event registrations). Declared here, below all of them, so those modules
 * need nothing from auth and auth needs nothing from them.
 */
import type { FastifyRequest } from 'fastify';

export type ResolveUserId = (request: FastifyRequest) => Promise<string | null>;

/**
 * The signed-in visitor's account as db/owned-by.ts reads it (id, e-mail, whether it is verified),
 * or null: what a donor's own downloads (receipts, year-end statements) are filtered by.
 */
export type ResolveAccountOwner = (
  request: FastifyRequest,
) => Promise<{ id: string; email: string; emailVerified: boolean } | null>;
