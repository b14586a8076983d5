import type { MarkdownIt, StateBlock, Token } from 'markdown-it';
import { codeLanguageName } from './code-languages.js';
import { escapeCode, escapeText } from './html-text.js';

// Zulip's fence line: three or more backticks or tildes at the very start of the line, then
// optionally a language (`py`, `.py`, `{py}`) and a header (spoilers); nothing else, so
// "~~~x~~~" is a paragraph.
const FENCE = /^(`{3,}|~{3,})[ ]*(?:\{?\.?([a-zA-Z0-9_+\-./#]+)[ ]*([^ ~`][^~`]*)?\}?)?$/;

export interface FenceLine {
  readonly fence: string;
  readonly language: string | null;
  readonly header: string | null;
}

// The raw text of a line (Zulip looks for fences before any block parsing, so a fence counts
// only at the start of a source line: not inside a `>` quote or indented in a list item).
export function rawLine(state: StateBlock, line: number): string {
  const lineStart = state.src.lastIndexOf('\n', state.bMarks[line]! - 1) + 1;
  return state.src.slice(lineStart, state.eMarks[line]!);
}

export function parseFence(state: StateBlock, line: number): FenceLine | null {
  return matchFence(rawLine(state, line));
}

export function matchFence(text: string): FenceLine | null {
  const match = FENCE.exec(text);
  if (!match) return null;
  return { fence: match[1]!, language: match[2]?.toLowerCase() ?? null, header: match[3] ?? null };
}

// The line that closes a block opened by `fence` (one equal to the fence, trailing spaces
// aside), or `endLine` when none does: an unclosed block runs to the end of the message. Inside
// a quote or spoiler, other fences open nested blocks that must close first.
export function closingLine(state: StateBlock, from: number, endLine: number, open: FenceLine): number {
  const stack: FenceLine[] = [open];
  for (let line = from; line < endLine; line++) {
    const text = rawLine(state, line).trimEnd();
    const top = stack[stack.length - 1]!;
    if (text === top.fence) {
      stack.pop();
      if (stack.length === 0) return line;
      continue;
    }
    if (isCode(top)) continue;
    const nested = parseFence(state, line);
    if (nested) stack.push(nested);
  }
  return endLine;
}

function isCode(fence: FenceLine): boolean {
  return !['quote', 'quoted', 'spoiler'].includes(fence.language ?? '');
}

// Code blocks, fenced (``` or ~~~) or indented by four spaces, as Zulip writes them:
// `<div class="codehilite" data-code-language="…"><pre><span></span><code>…</code></pre></div>`,
// each line without its trailing spaces, blank lines at either end dropped, and an empty fenced
// block rendering nothing. Quote and spoiler fences are zulip-fenced-blocks.plugin.ts.
export function zulipCodeBlocks(md: MarkdownIt): void {
  md.disable(['fence']);
  md.block.ruler.before('fence', 'zulip_code_fence', codeFence, {
    alt: ['paragraph', 'reference', 'blockquote', 'list'],
  });
  md.renderer.rules['zulip_code'] = (tokens: Token[], index: number) => {
    const token = tokens[index]!;
    return codeHtml(token.content, (token.meta as { language: string | null }).language);
  };
  md.renderer.rules.code_block = (tokens: Token[], index: number) => codeHtml(tokens[index]!.content, null);
}

function codeFence(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  const open = parseFence(state, startLine);
  if (!open || !isCode(open)) return false;
  if (silent) return true;
  const close = closingLine(state, startLine + 1, endLine, open);
  const lines: string[] = [];
  for (let line = startLine + 1; line < close; line++) lines.push(rawLine(state, line).trimEnd());
  state.line = Math.min(close + 1, endLine);
  if (lines.length === 0) return true;
  const token = state.push('zulip_code', 'code', 0);
  token.block = true;
  token.map = [startLine, state.line];
  token.content = lines.join('\n');
  token.meta = { language: open.language };
  return true;
}

function codeHtml(code: string, language: string | null): string {
  const text = `${code.replace(/^\n+|\n+$/g, '')}\n`;
  // With a language Zulip re-serialises the block through lxml, which writes quotes in text
  // unescaped; Pygments' own output (no language) escapes them.
  if (language === null)
    return `<div class="codehilite"><pre><span></span><code>${escapeCode(text)}</code></pre></div>\n`;
  const name = escapeText(codeLanguageName(language));
  return `<div class="codehilite" data-code-language="${name}"><pre><span></span><code>${escapeText(text)}</code></pre></div>\n`;
}
