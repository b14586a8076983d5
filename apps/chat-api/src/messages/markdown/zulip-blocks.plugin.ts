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
// - a list nested in a tight item follows the item's text directly (`<li>text<ul>`).
export function zulipBlocks(md: MarkdownIt): void {
  md.disable(['lheading', 'reference']);
  md.block.ruler.before('blockquote', 'zulip_empty_quote', emptyQuote, {
    alt: ['paragraph', 'reference', 'blockquote', 'list'],
  });
  md.block.ruler.before('list', 'zulip_numbered_interrupt', numberedInterrupt, { alt: ['paragraph'] });
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

function emptyQuote(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  let line = startLine;
  while (line < endLine && !state.isEmpty(line)) {
    const text = state.src.slice(state.bMarks[line]!, state.eMarks[line]!);
    if (!EMPTY_QUOTE_LINE.test(text)) return false;
    line++;
  }
  if (line === startLine) return false;
  if (silent) return true;
  state.push('paragraph_open', 'p', 1).map = [startLine, line];
  const inline = state.push('inline', '', 0);
  inline.content = state.getLines(startLine, line, state.blkIndent, false).trim();
  inline.map = [startLine, line];
  inline.children = [];
  state.push('paragraph_close', 'p', -1);
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
