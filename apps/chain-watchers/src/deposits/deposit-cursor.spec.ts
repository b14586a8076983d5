import { describe, expect, it } from '@jest/globals';
import { formatHeightCursor, parseHeightCursor, scanStart, type ChainPosition } from './deposit-cursor.js';

const HASH = '0x1111111111111111111111111111111111111111111111111111111111111111';
const OTHER = '0x2222222222222222222222222222222222222222222222222222222222222222';
const chain = (overrides: Partial<ChainPosition> = {}): ChainPosition => ({
  confirmed: 100,
  hashAtCursor: HASH,
  safeLookback: 50,
  lookBack: 0,
  ...overrides,
});
const at = (height: number, hash: string | null = HASH) =>
  parseHeightCursor(formatHeightCursor(height, hash));

describe(scanStart.name, () => {
  it('resumes after the committed cursor', () => {
    expect(scanStart(at(90), chain())).toEqual({ kind: 'resume', from: 91 });
  });

  it('has nothing to read when the cursor is at the head', () => {
    expect(scanStart(at(100), chain())).toEqual({ kind: 'caught-up' });
  });

  it('starts a first pass at the safe point below the head, never below height 0', () => {
    expect(scanStart(null, chain())).toEqual({ kind: 'first', from: 50 });
    expect(scanStart(null, chain({ confirmed: 10 }))).toEqual({ kind: 'first', from: 0 });
  });

  it('rescans from the safe point when the cursor is ahead of the head', () => {
    expect(scanStart(at(500), chain())).toEqual({ kind: 'rescan', from: 50, reason: 'cursor-ahead' });
  });

  it("rescans from the safe point when the chain's block at the cursor is another one (a reset chain)", () => {
    expect(scanStart(at(90), chain({ hashAtCursor: OTHER }))).toEqual({
      kind: 'rescan',
      from: 50,
      reason: 'chain-reset',
    });
    expect(scanStart(at(90), chain({ hashAtCursor: null }))).toEqual({
      kind: 'rescan',
      from: 50,
      reason: 'chain-reset',
    });
  });

  it('trusts a cursor written without a hash as far as its height goes', () => {
    expect(scanStart(parseHeightCursor('90'), chain({ hashAtCursor: OTHER }))).toEqual({
      kind: 'resume',
      from: 91,
    });
  });

  it('re-reads the heights below the cursor on a look-back, caught up or not', () => {
    expect(scanStart(at(100), chain({ lookBack: 30 }))).toEqual({ kind: 'look-back', from: 70 });
    expect(scanStart(at(10), chain({ lookBack: 30 }))).toEqual({ kind: 'look-back', from: 0 });
  });
});

describe(formatHeightCursor.name, () => {
  it('keeps the height and a prefix of the hash that fits the cursor column', () => {
    const cursor = formatHeightCursor(123_456_789, HASH);
    expect(cursor.length).toBeLessThanOrEqual(64);
    expect(parseHeightCursor(cursor)).toEqual({ height: 123_456_789, hash: HASH.slice(0, 18) });
  });
});
