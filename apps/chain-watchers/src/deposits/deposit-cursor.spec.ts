import { describe, expect, it } from '@jest/globals';
import { scanStart } from './deposit-cursor.js';

describe(scanStart.name, () => {
  it('resumes after the committed cursor', () => {
    expect(scanStart(90, 100, 50)).toEqual({ kind: 'resume', from: 91 });
  });

  it('has nothing to read when the cursor is at the head', () => {
    expect(scanStart(100, 100, 50)).toEqual({ kind: 'caught-up' });
  });

  it('starts a first pass at the safe point below the head, never below height 0', () => {
    expect(scanStart(null, 100, 50)).toEqual({ kind: 'first', from: 50 });
    expect(scanStart(null, 10, 50)).toEqual({ kind: 'first', from: 0 });
  });

  it('rescans from the safe point when the cursor is ahead of the head', () => {
    expect(scanStart(500, 100, 50)).toEqual({ kind: 'rescan', from: 50 });
  });
});
