import { act, renderHook } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { useOnline } from './use-online';

it('follows the browser going offline and coming back', () => {
  const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  const { result } = renderHook(() => useOnline());
  expect(result.current).toBe(true);
  act(() => {
    onLine.mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
  });
  expect(result.current).toBe(false);
  act(() => {
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
  });
  expect(result.current).toBe(true);
});
