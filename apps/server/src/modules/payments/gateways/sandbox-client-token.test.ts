import { describe, expect, it } from 'vitest';
import { CLIENT_TOKEN_TTL_MS, createSandboxClientToken, verifySandboxClientToken } from './sandbox-client-token';

const SECRET = 'client-token-secret-0123456789abcdef';

describe('sandbox client token', () => {
  it('verifies for about thirty minutes, then expires', () => {
    const now = Date.parse('2026-11-20T10:00:00Z');
    const token = createSandboxClientToken(SECRET, now);
    expect(CLIENT_TOKEN_TTL_MS).toBe(30 * 60_000);
    expect(verifySandboxClientToken(SECRET, token, now)).toBe(true);
    expect(verifySandboxClientToken(SECRET, token, now + CLIENT_TOKEN_TTL_MS - 1)).toBe(true);
    expect(verifySandboxClientToken(SECRET, token, now + CLIENT_TOKEN_TTL_MS)).toBe(false);
  });

  it('is unique per call', () => {
    expect(createSandboxClientToken(SECRET)).not.toBe(createSandboxClientToken(SECRET));
  });

  it('refuses another secret, a changed payload and garbage', () => {
    const token = createSandboxClientToken(SECRET);
    expect(verifySandboxClientToken(`${SECRET}!`, token)).toBe(false);
    const [payload, signature] = token.slice('sandbox_'.length).split('.');
    const later = Buffer.from(JSON.stringify({ exp: Date.now() + 10 ** 9, n: 'x' })).toString('base64url');
    expect(verifySandboxClientToken(SECRET, `sandbox_${later}.${signature}`)).toBe(false);
    expect(verifySandboxClientToken(SECRET, `sandbox_${payload}`)).toBe(false);
    expect(verifySandboxClientToken(SECRET, `${token}.x`)).toBe(false);
    expect(verifySandboxClientToken(SECRET, '')).toBe(false);
    expect(verifySandboxClientToken(SECRET, 'sandbox_..')).toBe(false);
  });
});
