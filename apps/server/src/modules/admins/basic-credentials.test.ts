import { describe, expect, it } from 'vitest';
import { basicAuthorization, parseBasicAuthorization } from './basic-credentials';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe('parseBasicAuthorization', () => {
  it('reads user:pass, with a colon allowed in the password and UTF-8 text', () => {
    expect(parseBasicAuthorization(`Basic ${b64('treasurer:a:b c')}`)).toEqual({
      kind: 'credentials',
      username: 'treasurer',
      password: 'a:b c',
    });
    expect(parseBasicAuthorization(`basic ${b64('ana:contraseña segura')}`)).toMatchObject({
      password: 'contraseña segura',
    });
    const header = basicAuthorization({ username: 'x', password: 'ü:1' });
    expect(parseBasicAuthorization(header)).toMatchObject({ username: 'x', password: 'ü:1' });
  });

  it('tells a missing header from a malformed one', () => {
    expect(parseBasicAuthorization(undefined)).toEqual({ kind: 'missing' });
    expect(parseBasicAuthorization('')).toEqual({ kind: 'missing' });
    for (const header of [
      'Bearer abc',
      'Basic',
      'Basic !!!!',
      'Basic abc',
      `Basic ${b64('no colon')}`,
      `Basic ${b64(':no username')}`,
      `Basic ${Buffer.from([0x61, 0x3a, 0xff, 0xfe]).toString('base64')}`,
    ]) {
      expect(parseBasicAuthorization(header), header).toEqual({ kind: 'malformed' });
    }
    expect(parseBasicAuthorization(['Basic a', 'Basic b'])).toEqual({ kind: 'malformed' });
  });
});
