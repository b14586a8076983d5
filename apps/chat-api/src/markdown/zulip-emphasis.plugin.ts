import type { MarkdownIt, StateInline } from 'markdown-it';
import { findCloser, pushWrapped } from './inline-scan.js';

const SPACE = /\s/;

// Zulip's emphasis: `*em*`, `**strong**`, `***both***` and `~~del~~`, never across a line;
// underscores are plain text (`_x_`, `__x__`). Unlike CommonMark's delimiter runs:
// - `*em*` must not start or end with whitespace and may hold neither `*` nor `^`;
// - `**strong**` takes anything but a line break, spaces at either end included;
// - `~~del~~` may hold no `~`, and a run of three tildes is no delimiter.
export function zulipEmphasis(md: MarkdownIt): void {
  md.disable(['emphasis', 'strikethrough']);
  md.inline.ruler.before('emphasis', 'zulip_strong_em', strongEm);
  md.inline.ruler.before('emphasis', 'zulip_strong', strong);
  md.inline.ruler.before('emphasis', 'zulip_em', em);
  md.inline.ruler.before('emphasis', 'zulip_del', del);
}

function emContentOk(src: string, start: number, end: number): boolean {
  if (end <= start || SPACE.test(src[start]!) || SPACE.test(src[end - 1]!)) return false;
  return !/[*^\n]/.test(stripNested(src.slice(start, end)));
}

// Zulip finds code spans and strong text before emphasis and replaces them by placeholders, so
// their contents never disqualify an emphasis around them.
function stripNested(text: string): string {
  return text.replace(/(`+)[^\n]+?\1/g, '').replace(/\*\*[^\n]+?\*\*/g, '');
}

function strongEm(state: StateInline, silent: boolean): boolean {
  const { src, pos } = state;
  if (!src.startsWith('***', pos)) return false;
  const start = pos + 3;
  const close = findCloser(state, start, '***', (at) => (emContentOk(src, start, at) ? 'close' : 'fail'));
  if (close < 0) return false;
  if (!silent) {
    state.push('strong_open', 'strong', 1);
    pushWrapped(state, 'em', start, close, close + 3);
    state.push('strong_close', 'strong', -1);
  }
  state.pos = close + 3;
  return true;
}

function strong(state: StateInline, silent: boolean): boolean {
  const { src, pos } = state;
  if (!src.startsWith('**', pos)) return false;
  const start = pos + 2;
  const close = findCloser(state, start + 1, '**', () => 'close');
  if (close < 0) return false;
  if (!silent) pushWrapped(state, 'strong', start, close, close + 2);
  state.pos = close + 2;
  return true;
}

function em(state: StateInline, silent: boolean): boolean {
  const { src, pos } = state;
  if (src.charCodeAt(pos) !== 0x2a /* * */) return false;
  const start = pos + 1;
  const close = findCloser(state, start, '*', (at) => {
    if (src[at + 1] === '*' && at > start) {
      const strongEnd = findCloser(state, at + 3, '**', () => 'close');
      if (strongEnd > 0) return strongEnd + 2;
    }
    return emContentOk(src, start, at) ? 'close' : 'fail';
  });
  if (close < 0) return false;
  if (!silent) pushWrapped(state, 'em', start, close, close + 1);
  state.pos = close + 1;
  return true;
}

function del(state: StateInline, silent: boolean): boolean {
  const { src, pos } = state;
  if (!src.startsWith('~~', pos) || src[pos - 1] === '~' || src[pos + 2] === '~') return false;
  const start = pos + 2;
  const close = findCloser(state, start + 1, '~~', (at) => {
    if (src.slice(start, at).includes('~')) return 'fail';
    return src[at + 2] === '~' ? 'fail' : 'close';
  });
  if (close < 0) return false;
  if (!silent) pushWrapped(state, 'del', start, close, close + 2);
  state.pos = close + 2;
  return true;
}
