/**
 * The tickets' Ed25519 key pair, made from AppSecrets' `ticketSigning` (db/secrets.ts): a PKCS#8 PEM
 * (TICKET_SIGNING_KEY) or a 32-byte seed in base64url (TICKET_SIGNING_KEY or the stored secret).
 * Ed25519 because a check-in device verifies offline with a 32-byte public key and a signature is
 * 64 bytes (the QR code stays light); node:crypto and WebCrypto both have it. The private key stays
 * in this process: nothing here logs or returns it.
 */
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import type { TicketPublicKey } from '@store/shared/check-in-list';

/** An Ed25519 private key's PKCS#8 DER is this prefix followed by the 32-byte seed (RFC 8410). */
const PKCS8_SEED_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export type TicketKeys = { privateKey: KeyObject; publicKey: KeyObject; published: TicketPublicKey };

function privateKeyOf(secret: string): KeyObject {
  const text = secret.trim();
  if (text.startsWith('-----BEGIN')) {
    // An environment file often holds a PEM on one line with literal \n.
    return createPrivateKey({ key: text.replace(/\\n/g, '\n'), format: 'pem' });
  }
  const seed = Buffer.from(text, 'base64url');
  if (seed.length !== 32) throw new Error('TICKET_SIGNING_KEY must be a PKCS#8 PEM or a 32-byte seed in base64url');
  return createPrivateKey({ key: Buffer.concat([PKCS8_SEED_PREFIX, seed]), format: 'der', type: 'pkcs8' });
}

/** The key pair and its published form (GET /api/public/tickets/public-key). Throws on a key that is not Ed25519. */
export function ticketKeys(secret: string): TicketKeys {
  const privateKey = privateKeyOf(secret);
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('TICKET_SIGNING_KEY must be an Ed25519 key');
  const publicKey = createPublicKey(privateKey);
  const jwk = publicKey.export({ format: 'jwk' });
  if (typeof jwk.x !== 'string') throw new Error('The ticket public key has no x coordinate');
  return {
    privateKey,
    publicKey,
    published: { algorithm: 'Ed25519', publicKey: jwk.x, jwk: { kty: 'OKP', crv: 'Ed25519', x: jwk.x } },
  };
}
