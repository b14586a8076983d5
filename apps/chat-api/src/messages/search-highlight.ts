// Zulip's get_search_fields: a search result carries its rendered content and its HTML-escaped
// topic with every match wrapped in `<span class="highlight">`; matches inside a tag are left
// alone (highlight_string). Here a match is a search word found case-insensitively, as the
// search narrow finds them, in the text between tags and character references (so `amp` never
// splits `&amp;`).
export interface SearchFields {
  readonly match_content: string;
  readonly match_subject: string;
}

export function searchFields(renderedContent: string, topic: string, words: readonly string[]): SearchFields {
  // Without a search nothing is highlighted (matches_narrow answers every narrow this way).
  if (words.length === 0) return { match_content: renderedContent, match_subject: escapeHtml(topic) };
  const pattern = new RegExp(
    [...words]
      .sort((a, b) => b.length - a.length)
      .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('|'),
    'gi',
  );
  return {
    match_content: highlight(renderedContent, pattern),
    match_subject: highlight(escapeHtml(topic), pattern),
  };
}

function highlight(html: string, pattern: RegExp): string {
  // Odd parts are tags and character references, even parts the text between them.
  return html
    .split(/(<[^>]*>|&#?\w+;)/)
    .map((part, index) =>
      index % 2 === 1 ? part : part.replace(pattern, (match) => `<span class="highlight">${match}</span>`),
    )
    .join('');
}

// Django's escape(), which Zulip applies to the topic.
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
};
