import { renderHook } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { useAttemptKey } from './use-attempt-key';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test('one key per attempt: kept until the attempt is finished', () => {
  const { result } = renderHook(() => useAttemptKey());
  const first = result.current.get();
  expect(first).toMatch(UUID);
  expect(result.current.get()).toBe(first);
  result.current.finish();
  const second = result.current.get();
  expect(second).toMatch(UUID);
  expect(second).not.toBe(first);
});

test('a retry of the same request keeps the key; a changed request gets a new one', () => {
  const { result } = renderHook(() => useAttemptKey());
  const first = result.current.get('{"name":"Asha"}');
  expect(result.current.get('{"name":"Asha"}')).toBe(first);
  const changed = result.current.get('{"name":"Asha Rao"}');
  expect(changed).toMatch(UUID);
  expect(changed).not.toBe(first);
  expect(result.current.get('{"name":"Asha Rao"}')).toBe(changed);
});

test('still makes a v4 UUID where crypto.randomUUID is missing (plain http)', () => {
  const real = globalThis.crypto;
  vi.stubGlobal('crypto', { getRandomValues: <T extends ArrayBufferView>(array: T) => real.getRandomValues(array) });
  const { result } = renderHook(() => useAttemptKey());
  expect(result.current.get()).toMatch(UUID);
});
