import { describe, expect, it } from 'vitest';
import { acceptedLocale, requestLocale } from './request-locale';

const request = (query: Record<string, unknown>, headers: Record<string, string> = {}) => ({ query, headers });

describe('the language a request is answered in', () => {
  it('follows the browser: a Telugu or Hindi browser, with or without a region, and q-values', () => {
    expect(acceptedLocale('te-IN,te;q=0.9,en-US;q=0.8')).toBe('te');
    expect(acceptedLocale('te-IN')).toBe('te');
    expect(acceptedLocale('hi-IN,hi;q=0.9')).toBe('hi');
    expect(acceptedLocale('en-US,hi;q=0.5')).toBe('en');
    expect(acceptedLocale('fr-FR,hi;q=0.3,te;q=0.4')).toBe('te');
  });

  it('is English for a language we do not have, no header, or nonsense', () => {
    expect(acceptedLocale('fr-FR,fr;q=0.9')).toBe('en');
    expect(acceptedLocale(undefined)).toBe('en');
    expect(acceptedLocale(';;;,=q')).toBe('en');
    expect(acceptedLocale('x'.repeat(5000))).toBe('en');
  });

  it('takes ?lang= first, then the lang cookie, then Accept-Language; an unknown lang is ignored', () => {
    const telugu = { 'accept-language': 'te-IN' };
    expect(requestLocale(request({ lang: 'hi' }, telugu))).toBe('hi');
    expect(requestLocale(request({}, { ...telugu, cookie: 'sid=1; lang=hi' }))).toBe('hi');
    expect(requestLocale(request({}, telugu))).toBe('te');
    expect(requestLocale(request({ lang: 'fr' }, { cookie: 'lang=xx' }))).toBe('en');
    expect(requestLocale(request({ lang: ['te', 'hi'] }, {}))).toBe('en');
  });
});
