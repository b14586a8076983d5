import { describe, expect, it } from '@jest/globals';
import { isPrototypeName, isStorableText, isWellFormedText, unstorableTextReason } from './storable-text.js';

describe(isStorableText.name, () => {
  it('takes any well-formed text, astral characters and noncharacters included', () => {
    for (const text of ['', 'Ana María', '😀', '\ufffe', '\u0001', 'a\ud83d\ude00b']) {
      expect(isStorableText(text)).toBe(true);
    }
  });

  it('refuses a NUL and a lone surrogate of either half, wherever it sits', () => {
    for (const text of ['\u0000', 'a\u0000b', '\ud800', 'a\udc00', '\ude00\ud83d', 'ok\ud83d']) {
      expect(isStorableText(text)).toBe(false);
    }
  });

  it('words the refusal naming the field', () => {
    expect(unstorableTextReason('user_id')).toBe('user_id must be valid Unicode text without NUL characters');
  });
});

describe(isWellFormedText.name, () => {
  it('refuses only a lone surrogate', () => {
    expect(isWellFormedText('a\u0000b')).toBe(true);
    expect(isWellFormedText('😀')).toBe(true);
    expect(isWellFormedText('a\ud800')).toBe(false);
    expect(isWellFormedText('\udfff😀')).toBe(false);
  });
});

describe(isPrototypeName.name, () => {
  it('names what a plain object inherits, and prototype', () => {
    for (const name of ['constructor', '__proto__', 'prototype', 'hasOwnProperty', 'toString']) {
      expect(isPrototypeName(name)).toBe(true);
    }
    for (const name of ['user_id', 'proto', 'Constructor', 'length'])
      expect(isPrototypeName(name)).toBe(false);
  });
});
