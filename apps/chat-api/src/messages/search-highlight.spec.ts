import { describe, expect, it } from '@jest/globals';
import { searchFields } from './search-highlight.js';

describe('searchFields', () => {
  it('wraps every case-insensitive match of the words in the text, longest word first', () => {
    expect(searchFields('<p>Number four, numbers</p>', 'Numbers', ['number', 'numbers'])).toEqual({
      match_content:
        '<p><span class="highlight">Number</span> four, <span class="highlight">numbers</span></p>',
      match_subject: '<span class="highlight">Numbers</span>',
    });
  });

  it('leaves tags and character references alone and escapes the topic as Django does', () => {
    expect(
      searchFields('<p><a href="https://lt.example">lt &amp; gt</a></p>', `it's <lt>`, ['lt', 'href']),
    ).toEqual({
      match_content: '<p><a href="https://lt.example"><span class="highlight">lt</span> &amp; gt</a></p>',
      match_subject: 'it&#x27;s &lt;<span class="highlight">lt</span>&gt;',
    });
  });
});
