import { describe, expect, it } from 'vitest';
import { canonicalHash, canonicalJson } from './canonical-json';

describe('canonicalJson', () => {
  it('sorts keys at every depth and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: [{ y: 2, x: 1 }, 'z'] })).toBe('{"a":[{"x":1,"y":2},"z"],"b":1}');
  });

  it('drops undefined members, keeps null', () => {
    expect(canonicalJson({ a: undefined, b: null })).toBe('{"b":null}');
  });
});

describe('canonicalHash', () => {
  it('is the same for the same meaning and differs otherwise', () => {
    expect(canonicalHash({ a: 1, b: 'x' })).toBe(canonicalHash({ b: 'x', a: 1 }));
    expect(canonicalHash({ a: 1 })).not.toBe(canonicalHash({ a: 2 }));
    expect(canonicalHash([1, 2])).not.toBe(canonicalHash([2, 1]));
    expect(canonicalHash({})).toMatch(/^[0-9a-f]{64}$/);
  });
});
