import { describe, expect, it } from 'vitest';
import { formatRegistrationNumber, parseRegistrationNumber } from './registration';

describe('registration numbers', () => {
  it('are the prefix and the sequence, at least six digits', () => {
    expect(formatRegistrationNumber(42)).toBe('BGM-000042');
    expect(formatRegistrationNumber(1_234_567)).toBe('BGM-1234567');
  });

  it('parse back exactly what was handed out, in any case', () => {
    expect(parseRegistrationNumber('BGM-000042')).toBe(42);
    expect(parseRegistrationNumber(' bgm-000042 ')).toBe(42);
    expect(parseRegistrationNumber('BGM-1234567')).toBe(1_234_567);
  });

  it('refuse anything else', () => {
    for (const text of ['BGM-42', 'BGM-0000042', 'BGM-', 'BGM-00004x', '000042', 'XYZ-000042', 'BGM-1234567890']) {
      expect(parseRegistrationNumber(text)).toBeNull();
    }
  });
});
