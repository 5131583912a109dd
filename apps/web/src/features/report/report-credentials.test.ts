import { describe, expect, test } from 'vitest';
import { basicAuthorization } from './report-credentials';

describe('basicAuthorization', () => {
  test('base64 of username:password, UTF-8 first', () => {
    expect(basicAuthorization({ username: 'admin', password: 'p:ss' })).toBe('Basic YWRtaW46cDpzcw==');
    expect(basicAuthorization({ username: 'admin', password: 'päss€' })).toBe(
      `Basic ${Buffer.from('admin:päss€', 'utf8').toString('base64')}`,
    );
  });
});
