import type { MarkdownIt, StateBlock, Token } from 'markdown-it';
import { pushParagraph } from './zulip-blocks.plugin.js';
import { closingLine, parseFence, type FenceLine } from './zulip-code-blocks.plugin.js';

// Zulip's ```quote (or ```quoted) fence is a block quote of Markdown, and ```spoiler Header is
// a spoiler block, written as Zulip writes it:
// <div class="spoiler-block"><div class="spoiler-header">\n<p>Header</p>\n</div>
// <div class="spoiler-content" aria-hidden="true">\n…\n</div></div>
// Either runs to the line equal to its fence (fences nested inside close first) or to the end.
export function zulipFencedBlocks(md: MarkdownIt): void {
  md.block.ruler.before('zulip_code_fence', 'zulip_markdown_fence', markdownFence, {
    alt: ['paragraph', 'reference', 'blockquote', 'list'],
  });
  md.renderer.rules['zulip_html'] = (tokens: Token[], index: number) => tokens[index]!.content;
}

function markdownFence(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  const open = parseFence(state, startLine);
  const kind = open?.language;
  if (!open || (kind !== 'quote' && kind !== 'quoted' && kind !== 'spoiler')) return false;
  if (silent) return true;
  const close = closingLine(state, startLine + 1, endLine, open);
  if (kind === 'spoiler') {
    html(state, '<div class="spoiler-block"><div class="spoiler-header">\n');
    spoilerHeader(state, open, startLine);
    html(state, '</div><div class="spoiler-content" aria-hidden="true">\n');
    nested(state, startLine + 1, close);
    html(state, '</div></div>\n');
  } else {
    state.push('blockquote_open', 'blockquote', 1).map = [startLine, close];
    nested(state, startLine + 1, close);
    state.push('blockquote_close', 'blockquote', -1);
  }
  state.line = Math.min(close + 1, endLine);
  return true;
}

function html(state: StateBlock, content: string): void {
  const token = state.push('zulip_html', '', 0);
  token.block = true;
  token.content = content;
}

function spoilerHeader(state: StateBlock, open: FenceLine, line: number): void {
  const header = open.header?.trim() ?? '';
  if (header !== '') pushParagraph(state, header, [line, line + 1]);
}

function nested(state: StateBlock, from: number, to: number): void {
  const { lineMax, parentType } = state;
  state.lineMax = to;
  state.parentType = 'blockquote';
  state.md.block.tokenize(state, from, to);
  state.lineMax = lineMax;
  state.parentType = parentType;
}
