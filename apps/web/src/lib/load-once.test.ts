import { expect, test, vi } from 'vitest';
import { loadOnce } from './load-once';

test('loads once for every caller, and tries again after a failure', async () => {
  const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new Error('dropped')).mockResolvedValue('chunk');
  const get = loadOnce(load);
  await expect(get()).rejects.toThrow('dropped');
  const [a, b] = await Promise.all([get(), get()]);
  expect([a, b]).toEqual(['chunk', 'chunk']);
  expect(await get()).toBe('chunk');
  expect(load).toHaveBeenCalledTimes(2);
});
