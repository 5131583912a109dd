import { describe, expect, it } from 'vitest';
import { GREETING_FALLBACK, greetingName } from './greeting';

describe('greetingName', () => {
  it('keeps first names as people write them', () => {
    expect(greetingName('Asha')).toBe('Asha');
    expect(greetingName('  Anne-Marie ')).toBe('Anne-Marie');
    expect(greetingName("D'Souza")).toBe("D'Souza");
    expect(greetingName('Sri Venkata Satya')).toBe('Sri Venkata Satya');
    expect(greetingName('శ్రీనివాస')).toBe('శ్రీనివాస');
  });

  it('greets text that is no name as a friend', () => {
    for (const text of [
      'Your account is suspended: verify at http://evil.example/login',
      'http://evil.example',
      'Call 555 0100',
      '<b>Asha</b>',
      'asha@example.org',
      '',
      null,
      undefined,
    ]) {
      expect(greetingName(text), String(text)).toBe(GREETING_FALLBACK);
    }
  });

  it('cuts a long name at a word, never mid-word', () => {
    expect(greetingName('Your account is suspended please verify now')).toBe('Your account is');
    expect(greetingName('A'.repeat(40))).toBe(GREETING_FALLBACK);
  });
});
