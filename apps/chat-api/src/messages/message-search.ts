// Full-text search as Zulip's PostgreSQL backend does it (narrow.py's _by_search_tsearch): the
// search terms' words against a message's search_tsvector (English stemming and stop words, a
// GIN index answers it at any history size), and each quoted phrase also found as typed, case
// aside, in the content or the topic. One difference: every word also matches as the start of a
// word (`eve` finds "even" and "events"), as the search narrow here always has, where Zulip's
// plainto_tsquery matches whole words only.

// The text search configuration; the message column and every query use the same one.
export const SEARCH_CONFIG = 'english';

// The generated column's expression (message.entity.ts and the migration message-search).
export const SEARCH_TSVECTOR_SQL = `to_tsvector('${SEARCH_CONFIG}'::regconfig, ("topic")::text || ' ' || "rendered_content")`;

export interface SearchTerms {
  // to_tsquery input: each word quoted and prefix-matched, all of them required. PostgreSQL
  // drops stop words and punctuation as it parses it; nothing left matches nothing, as in Zulip.
  readonly tsquery: string;
  // The quoted phrases, without their quotes.
  readonly phrases: readonly string[];
  // The words results highlight (match_content, match_subject), quotes left out.
  readonly words: readonly string[];
}

// Zulip's tokenisation of a search operand: a quoted phrase or a run of non-space characters.
const TERM = /"[^"]+"|\S+/g;

export function searchTerms(operands: readonly string[]): SearchTerms {
  const phrases: string[] = [];
  const words: string[] = [];
  for (const term of operands.join(' ').match(TERM) ?? []) {
    const quoted = term.length > 2 && term.startsWith('"') && term.endsWith('"');
    if (quoted) phrases.push(term.slice(1, -1));
    words.push(...term.replaceAll('"', ' ').split(/\s+/).filter(Boolean));
  }
  return { tsquery: words.map(prefixLexeme).join(' & '), phrases, words };
}

// One word as a quoted to_tsquery operand matched as a prefix: inside the quotes a quote is
// doubled and a backslash escaped, so no character of the word is query syntax.
function prefixLexeme(word: string): string {
  return `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}':*`;
}
