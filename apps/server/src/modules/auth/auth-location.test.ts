import { describe, expect, it } from 'vitest';
import { authLocation } from './auth-location';

describe('authLocation', () => {
  it('serves a path on the site origin under that path, sending the browser back to this origin', () => {
    expect(authLocation({ authBaseUrl: '/auth', allowedOrigins: [] })).toEqual({
      prefix: '/auth',
      origin: undefined,
      siteOrigin: '',
    });
    expect(authLocation({ authBaseUrl: '/', allowedOrigins: [] }).prefix).toBe('');
  });

  it("serves a full URL under its path, and sends the browser back to ALLOWED_ORIGINS' first origin", () => {
    expect(
      authLocation({ authBaseUrl: 'https://id.example.org/accounts', allowedOrigins: ['https://www.example.org'] }),
    ).toEqual({ prefix: '/accounts', origin: 'https://id.example.org', siteOrigin: 'https://www.example.org' });
    expect(authLocation({ authBaseUrl: 'https://id.example.org', allowedOrigins: [] })).toEqual({
      prefix: '',
      origin: 'https://id.example.org',
      siteOrigin: '',
    });
  });
});
