/**
 * Secrets the server makes for itself when the environment does not give them.
 * DESIGN.md first put SESSION_SECRET in a file in DATA_DIR; it lives in the database instead, so that
 * every process on one PostgreSQL signs and checks sessions with the same key.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Config } from '#src/config';
import { appSecrets } from './app-secrets-table';
import type { Database } from './client';

async function readSecret(db: Database, name: string): Promise<string | undefined> {
  const rows = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  return rows[0]?.value;
}

/**
 * Returns the secret called `name`, creating a random 32-byte one on first use. Processes racing on
 * first start all end up with the one row that won the insert.
 */
export async function getOrCreateSecret(db: Database, name: string): Promise<string> {
  const existing = await readSecret(db, name);
  if (existing !== undefined) return existing;
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing({ target: appSecrets.name });
  const created = await readSecret(db, name);
  if (created === undefined) throw new Error(`Secret ${name} could not be stored`);
  return created;
}

/**
 * Every secret the app signs with. Later modules add theirs (e.g. the captcha HMAC key) here.
 * `ticketSigning`: TICKET_SIGNING_KEY (a PKCS#8 PEM or a 32-byte seed, base64url) or, unset, a seed
 * made once and stored like the session secret; tickets/ticket-keys.ts makes the Ed25519 key from it.
 */
export type AppSecrets = { session: string; ticketSigning: string };

export async function resolveSecrets(
  config: Pick<Config, 'sessionSecret' | 'ticketSigningKey'>,
  db: Database,
): Promise<AppSecrets> {
  return {
    session: config.sessionSecret ?? (await getOrCreateSecret(db, 'session_secret')),
    // 32 random bytes are an Ed25519 seed: the stored secret is the key itself.
    ticketSigning: config.ticketSigningKey ?? (await getOrCreateSecret(db, 'ticket_signing_seed')),
  };
}
