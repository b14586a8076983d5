import { describe, expect, it } from '@jest/globals';
import { searchTerms } from './message-search.js';

describe('searchTerms', () => {
  it('requires every word of every search term, each as the start of a word', () => {
    expect(searchTerms(['weekly  report', 'Q3'])).toEqual({
      tsquery: "'weekly':* & 'report':* & 'Q3':*",
      phrases: [],
      words: ['weekly', 'report', 'Q3'],
    });
  });

  it('keeps quoted phrases to match as typed, their words searched too', () => {
    expect(searchTerms(['"weekly report" due'])).toEqual({
      tsquery: "'weekly':* & 'report':* & 'due':*",
      phrases: ['weekly report'],
      words: ['weekly', 'report', 'due'],
    });
  });

  it('quotes every word, so query syntax in one is text', () => {
    expect(searchTerms(["it's a\\b !(x|y) &"]).tsquery).toBe("'it''s':* & 'a\\\\b':* & '!(x|y)':* & '&':*");
  });

  it('reads an unmatched quote or an empty pair as punctuation', () => {
    expect(searchTerms(['""'])).toEqual({ tsquery: '', phrases: [], words: [] });
    expect(searchTerms(['say "hi'])).toEqual({
      tsquery: "'say':* & 'hi':*",
      phrases: [],
      words: ['say', 'hi'],
    });
  });
});
