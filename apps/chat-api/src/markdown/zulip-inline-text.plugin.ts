import type { MarkdownIt, StateInline, Token } from 'markdown-it';
import { codeSpanEnd } from './inline-scan.js';
import { escapeText } from './html-text.js';

// Characters some inline rule starts on; plain text runs stop before them.
const RULE_STARTS = new Set('\n`*~[]!<&@#:'.split(''));
// A bare URL may start only at the beginning or after one of these (zulip-autolink.plugin.ts),
// so text runs also stop just after them to give the URL rule its chance.
export const URL_MAY_FOLLOW = /[\s'"(,:<]/;
const ENTITY = /^&(?:#[0-9]+|#x[0-9a-fA-F]+|[a-zA-Z0-9]+);/;

// The inline rules Zulip's dialect differs on at the level of single characters:
// - text escapes only &, <, > (html-text.ts);
// - a line break is `<br>` + newline and keeps the spaces around it (Zulip's nl2br, no
//   CommonMark hard/soft break distinction);
// - backslash escapes are not a thing: `\*` stays a backslash and a star;
// - code spans keep their spaces and never span lines;
// - entities such as `&nbsp;` or `&#123;` pass through as written.
export function zulipInlineText(md: MarkdownIt): void {
  md.disable(['text', 'newline', 'escape', 'backticks', 'entity', 'linkify', 'image', 'autolink']);
  md.core.ruler.disable('linkify');
  md.inline.ruler.before('text', 'zulip_text', text);
  md.inline.ruler.before('newline', 'zulip_newline', newline);
  md.inline.ruler.before('backticks', 'zulip_code', codeSpan);
  md.inline.ruler.before('entity', 'zulip_entity', entity);

  md.renderer.rules.text = (tokens: Token[], index: number) => escapeText(tokens[index]!.content);
  md.renderer.rules.code_inline = (tokens: Token[], index: number) =>
    `<code>${escapeText(tokens[index]!.content)}</code>`;
  md.renderer.rules['zulip_entity'] = (tokens: Token[], index: number) => tokens[index]!.content;
}

function text(state: StateInline, silent: boolean): boolean {
  const { src, posMax } = state;
  let pos = state.pos;
  while (pos < posMax && !RULE_STARTS.has(src[pos]!)) {
    pos++;
    if (URL_MAY_FOLLOW.test(src[pos - 1]!)) break;
  }
  if (pos === state.pos) return false;
  if (!silent) state.pending += src.slice(state.pos, pos);
  state.pos = pos;
  return true;
}

function newline(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x0a) return false;
  if (!silent) {
    state.push('hardbreak', 'br', 0);
  }
  state.pos++;
  return true;
}

function codeSpan(state: StateInline, silent: boolean): boolean {
  const { src, pos, posMax } = state;
  if (src.charCodeAt(pos) !== 0x60) return false;
  const end = codeSpanEnd(src, pos, posMax);
  if (end < 0) return false;
  if (!silent) {
    let run = 0;
    while (src.charCodeAt(pos + run) === 0x60) run++;
    const token = state.push('code_inline', 'code', 0);
    token.markup = '`'.repeat(run);
    token.content = src.slice(pos + run, end - run);
  }
  state.pos = end;
  return true;
}

function entity(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x26 /* & */) return false;
  const match = ENTITY.exec(state.src.slice(state.pos, state.pos + 40));
  if (!match) return false;
  if (!silent) state.push('zulip_entity', '', 0).content = match[0];
  state.pos += match[0].length;
  return true;
}
