/**
 * Two-factor sign-in codes (RFC 6238 TOTP: 30-second steps, 6 digits, SHA-1, what every
 * authenticator app reads from a QR code), with @oslojs/otp. The secret is kept sealed (AES-256-GCM
 * under a key derived from the session secret): a copied table or backup holds no usable secret.
 * A code is accepted once: the step it was made for is remembered (admins.totp_last_step), so a
 * code seen over a shoulder or in a proxy log cannot be replayed within its window.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { encodeBase32UpperCaseNoPadding } from '@oslojs/encoding';
import { createTOTPKeyURI, generateHOTP } from '@oslojs/otp';

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** One step either side: a phone's clock a little off, or a code typed as it turned. */
const DRIFT_STEPS = 1;

export type TotpSealKey = Buffer;

export function totpSealKey(sessionSecret: string): TotpSealKey {
  return createHmac('sha256', sessionSecret).update('staff/totp-secret/v1').digest();
}

export function newTotpKey(): Uint8Array {
  return new Uint8Array(randomBytes(20));
}

/** `v1.<iv>.<tag>.<ciphertext>`, base64url. */
export function sealTotpKey(sealKey: TotpSealKey, key: Uint8Array): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey, iv);
  const body = Buffer.concat([cipher.update(key), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export function openTotpKey(sealKey: TotpSealKey, sealed: string): Uint8Array {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !body) throw new Error('a TOTP secret is not in a known sealed form');
  const decipher = createDecipheriv('aes-256-gcm', sealKey, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return new Uint8Array(Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]));
}

export function totpKeyText(key: Uint8Array): string {
  return encodeBase32UpperCaseNoPadding(key);
}

export function totpUri(issuer: string, username: string, key: Uint8Array): string {
  return createTOTPKeyURI(issuer, username, key, TOTP_PERIOD_SECONDS, TOTP_DIGITS);
}

export function currentStep(nowMs = Date.now()): number {
  return Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS);
}

/** The code for a 30-second step: TOTP is HOTP with the step as its counter (RFC 6238). */
function codeAt(key: Uint8Array, step: number): string {
  return generateHOTP(key, BigInt(step), TOTP_DIGITS);
}

/**
 * The step this code was made for, within the drift allowed and after `lastStep` (never a step
 * already used), or undefined. Compares every candidate, so the time taken says nothing.
 */
export function matchingStep(
  key: Uint8Array,
  code: string,
  lastStep: number | null,
  nowMs = Date.now(),
): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const now = currentStep(nowMs);
  let found: number | undefined;
  for (let step = now - DRIFT_STEPS; step <= now + DRIFT_STEPS; step += 1) {
    const same = codeAt(key, step) === code;
    if (same && found === undefined && (lastStep === null || step > lastStep)) found = step;
  }
  return found;
}

/** For tests and the enrolment's own check: the code an app would show now. */
export function totpCodeNow(key: Uint8Array, nowMs = Date.now()): string {
  return codeAt(key, currentStep(nowMs));
}
