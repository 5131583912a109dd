import { describe, expect, test } from 'vitest';
import { splitName } from './split-name';

describe('splitName', () => {
  test.each([
    ['Asha Rao', 'Asha', 'Rao'],
    ['Mary Ann Smith', 'Mary Ann', 'Smith'],
    ['  Ravi   Kumar  ', 'Ravi', 'Kumar'],
    ['Madonna', 'Madonna', ''],
    ['', '', ''],
  ])('%j -> %j + %j', (full, first, last) => {
    expect(splitName(full)).toEqual({ first, last });
  });
});
