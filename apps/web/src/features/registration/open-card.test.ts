import { expect, test } from 'vitest';
import { openIndexAfterInsert, openIndexAfterRemove } from './open-card';

test('removing a card before the open one keeps the same registrant open', () => {
  expect(openIndexAfterRemove(2, 0, 3)).toBe(1);
  expect(openIndexAfterRemove(1, 0, 1)).toBe(0);
});

test('removing a card after the open one changes nothing', () => {
  expect(openIndexAfterRemove(0, 2, 2)).toBe(0);
});

test('removing the open card opens the one taking its place, or the one before when it was last', () => {
  expect(openIndexAfterRemove(1, 1, 2)).toBe(1);
  expect(openIndexAfterRemove(2, 2, 2)).toBe(1);
  expect(openIndexAfterRemove(0, 0, 1)).toBe(0);
});

test('every card closed stays so', () => {
  expect(openIndexAfterRemove(null, 0, 2)).toBeNull();
});

test('a registrant put back (Undo) before the open card keeps the same registrant open', () => {
  expect(openIndexAfterInsert(1, 0)).toBe(2);
  expect(openIndexAfterInsert(1, 1)).toBe(2);
  expect(openIndexAfterInsert(1, 2)).toBe(1);
  expect(openIndexAfterInsert(null, 0)).toBeNull();
});
