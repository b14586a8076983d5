import type { MarkdownIt, StateBlock, StateCore, Token } from 'markdown-it';
import type { ZulipRenderState } from './zulip-mentions.plugin.js';

const EMPTY_QUOTE_LINE = /^[ ]{0,3}>\s*$/;

// Block rules where Zulip's dialect differs from CommonMark:
// - headings are `#` headings only (a line underlined with === or --- is no heading);
// - reference definitions are plain text;
// - a quote made only of empty `>` lines is a paragraph showing the `>`;
// - table cells are aligned with `style="text-align: left;"` (Python-Markdown's form);
// - mentions inside a quote are silent, as Zulip's quote processing makes them;
// - a numbered list may start right under a paragraph line at any number (CommonMark: only 1);
// - a list nested in a tight item follows the item's text directly (`<li>text<ul>`);
// - a paragraph keeps the spaces it ends with (Python-Markdown strips only leading ones);
// - `1)` starts no list item (only `1.` does).
export function zulipBlocks(md: MarkdownIt): void {
  md.disable(['lheading', 'reference']);
  md.block.ruler.before('blockquote', 'zulip_empty_quote', emptyQuote, {
    alt: ['paragraph', 'reference', 'blockquote', 'list'],
  });
  md.block.ruler.before('list', 'zulip_numbered_interrupt', numberedInterrupt, { alt: ['paragraph'] });
  md.block.ruler.at('paragraph', paragraph);
  md.block.ruler.before('list', 'zulip_paren_item', (state, line, _endLine, silent) => {
    if (silent || state.sCount[line]! - state.blkIndent >= 4 || !isParenItem(state, line)) return false;
    return paragraph(state, line);
  });
  md.core.ruler.at('inline', quoteAwareInline);
  for (const list of ['bullet_list_open', 'ordered_list_open']) {
    md.renderer.rules[list] = (tokens: Token[], index: number, _options, _env, self) =>
      `<${tokens[index]!.tag}${self.renderAttrs(tokens[index]!)}>\n`;
  }
  for (const cell of ['th_open', 'td_open']) {
    md.renderer.rules[cell] = (tokens: Token[], index: number, options, _env, self) => {
      const token = tokens[index]!;
      const align = /^text-align:(\w+)$/.exec(String(token.attrGet('style') ?? ''));
      if (align) token.attrSet('style', `text-align: ${align[1]};`);
      return self.renderToken(tokens, index, options);
    };
  }
}

function paragraph(state: StateBlock, startLine: number): boolean {
  const terminators = state.md.block.ruler.getRules('paragraph');
  const endLine = state.lineMax;
  const parentType = state.parentType;
  state.parentType = 'paragraph';
  let nextLine = startLine + 1;
  for (; nextLine < endLine && !state.isEmpty(nextLine); nextLine++) {
    // Indented (code-like) and lazy lines always continue a paragraph.
    if (state.sCount[nextLine]! - state.blkIndent > 3 || state.sCount[nextLine]! < 0) continue;
    if (isParenItem(state, nextLine)) continue;
    if (terminators.some((rule) => rule(state, nextLine, endLine, true))) break;
  }
  const content = paragraphText(state, startLine, nextLine).trimStart();
  state.line = nextLine;
  pushParagraph(state, content, [startLine, nextLine]);
  state.parentType = parentType;
  return true;
}

// Python-Markdown keeps the indentation of the lines continuing a list item's first line, as far
// as it exceeds the item's marker column: `* a\n  b` gives `a<br>\n  b`.
function paragraphText(state: StateBlock, startLine: number, nextLine: number): string {
  const lineStart = state.bMarks[startLine]!;
  const text = state.src.slice(lineStart, state.bMarks[startLine]! + state.tShift[startLine]!);
  const onMarkerLine = state.listIndent >= 0 && /[*+\-.]\s*$/.test(text);
  if (!onMarkerLine || nextLine === startLine + 1)
    return state.getLines(startLine, nextLine, state.blkIndent, false);
  return (
    state.getLines(startLine, startLine + 1, state.blkIndent, true) +
    state.getLines(startLine + 1, nextLine, state.listIndent, false)
  );
}

function isParenItem(state: StateBlock, line: number): boolean {
  return /^\d{1,9}\)/.test(state.src.slice(state.bMarks[line]! + state.tShift[line]!, state.eMarks[line]!));
}

// A paragraph of inline `content`: also how a spoiler's header and an empty quote are written.
export function pushParagraph(state: StateBlock, content: string, map: [number, number]): void {
  state.push('paragraph_open', 'p', 1).map = map;
  const inline = state.push('inline', '', 0);
  inline.content = content;
  inline.map = map;
  inline.children = [];
  state.push('paragraph_close', 'p', -1);
}

function emptyQuote(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  let line = startLine;
  while (line < endLine && !state.isEmpty(line)) {
    const text = state.src.slice(state.bMarks[line]!, state.eMarks[line]!);
    if (!EMPTY_QUOTE_LINE.test(text)) return false;
    line++;
  }
  if (line === startLine) return false;
  if (silent) return true;
  pushParagraph(state, state.getLines(startLine, line, state.blkIndent, false).trim(), [startLine, line]);
  state.line = line;
  return true;
}

// Only ever asked whether a numbered item ends the paragraph above it; markdown-it's list rule
// then parses the list.
function numberedInterrupt(state: StateBlock, line: number, _endLine: number, silent: boolean): boolean {
  if (!silent || state.sCount[line]! - state.blkIndent >= 4) return false;
  return /^\d+\.[ ]+\S/.test(state.src.slice(state.bMarks[line]! + state.tShift[line]!, state.eMarks[line]!));
}

function quoteAwareInline(state: StateCore): void {
  const zulip = state.env['zulip'] as ZulipRenderState;
  let depth = 0;
  for (const token of state.tokens) {
    if (token.type === 'blockquote_open') depth++;
    else if (token.type === 'blockquote_close') depth--;
    else if (token.type === 'inline') {
      const env = { ...state.env, zulip: { ...zulip, quoted: depth > 0 } };
      state.md.inline.parse(token.content, state.md, env, token.children ?? (token.children = []));
    }
  }
}
