import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepStorage } from './keep-storage';

function giveStorage(persisted: boolean, granted: boolean) {
  const persist = vi.fn(async () => granted);
  Object.defineProperty(navigator, 'storage', {
    configurable: true,
    value: { persisted: async () => persisted, persist },
  });
  return persist;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'storage');
});

describe('keepStorage', () => {
  it('answers false where the browser cannot promise to keep storage', async () => {
    expect(await keepStorage()).toBe(false);
  });

  it('asks only when the storage is not kept already, and says what the browser answered', async () => {
    const alreadyKept = giveStorage(true, false);
    expect(await keepStorage()).toBe(true);
    expect(alreadyKept).not.toHaveBeenCalled();
    giveStorage(false, true);
    expect(await keepStorage()).toBe(true);
    giveStorage(false, false);
    expect(await keepStorage()).toBe(false);
  });
});
