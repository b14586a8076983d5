// Zulip's HTML serialisation (Python-Markdown over ElementTree) escapes only &, < and > in text
// and code spans: quotes stay as typed, where markdown-it would write &quot;.
export function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

// Pygments (which writes every fenced and indented code block) also escapes both quotes.
export function escapeCode(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

// Zulip runs Python-Markdown's NormalizeWhitespace first: CR/CRLF become LF and tabs expand to
// 4-column stops, so code blocks and list indentation see spaces only.
export function normalizeWhitespace(content: string): string {
  return content
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => (line.includes('\t') ? expandTabs(line) : line))
    .join('\n');
}

function expandTabs(line: string): string {
  let out = '';
  for (const char of line) out += char === '\t' ? ' '.repeat(4 - (out.length % 4)) : char;
  return out;
}
