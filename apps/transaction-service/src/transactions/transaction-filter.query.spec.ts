import { describe, expect, it } from '@jest/globals';
import { idRangeOf } from './transaction-filter.query.js';

describe('idRangeOf', () => {
  it('turns the start of an id into the range of ids that begin with it', () => {
    expect(idRangeOf('3F2A9C1B')).toEqual({
      lowest: '3f2a9c1b-0000-0000-0000-000000000000',
      highest: '3f2a9c1b-ffff-ffff-ffff-ffffffffffff',
    });
    expect(idRangeOf('3f2a9c1b-7d4')).toEqual({
      lowest: '3f2a9c1b-7d40-0000-0000-000000000000',
      highest: '3f2a9c1b-7d4f-ffff-ffff-ffffffffffff',
    });
  });

  it.each([
    ['fewer than 8 digits', '3f2a9c1'],
    ['a dash where an id has a digit', '3f2a-9c1b'],
    ['no dash where an id has one', '3f2a9c1b7d4e'],
    ['a letter that is no hex digit', '3f2a9c1g'],
    ['a whole id (found by equality)', '3f2a9c1b-7d4e-4a1b-8c2d-0123456789ab'],
  ])('finds no range for %s', (_, text) => {
    expect(idRangeOf(text)).toBeNull();
  });
});
