import { describe, expect, it } from '@jest/globals';
import { fromMessageRuns, toMessageRuns } from './message-runs.js';

describe('message runs', () => {
  it.each([
    [[], []],
    [[7], [[7, 7]]],
    [[1, 2, 3, 4], [[1, 4]]],
    [
      [5, 6, 9, 10, 11, 3],
      [
        [5, 6],
        [9, 11],
        [3, 3],
      ],
    ],
    [
      [4, 4, 5, 2, 1],
      [
        [4, 4],
        [4, 5],
        [2, 2],
        [1, 1],
      ],
    ],
  ])('%j travels as %j and comes back in order, repeats kept', (ids, runs) => {
    expect(toMessageRuns(ids)).toEqual(runs);
    expect(fromMessageRuns(toMessageRuns(ids))).toEqual(ids);
  });
});
