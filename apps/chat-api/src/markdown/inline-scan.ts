import type { StateInline } from 'markdown-it';

const BACKTICK = 0x60;

// Where the code span opening at `start` ends (just past its closing run), or -1. Zulip's
// backtick pattern: a run of N backticks not preceded by a backslash, at least one character
// on the same line, and a closing run of exactly N backticks.
export function codeSpanEnd(src: string, start: number, max: number): number {
  if (start > 0 && src[start - 1] === '\\') return -1;
  let run = 0;
  while (start + run < max && src.charCodeAt(start + run) === BACKTICK) run++;
  for (let at = start + run + 1; at < max; at++) {
    const char = src.charCodeAt(at);
    if (char === 0x0a) return -1;
    if (char !== BACKTICK || src.charCodeAt(at - 1) === BACKTICK) continue;
    let closing = 0;
    while (at + closing < max && src.charCodeAt(at + closing) === BACKTICK) closing++;
    if (closing === run) return at + run;
    at += closing - 1;
  }
  return -1;
}

// Python-Markdown replaces code spans by placeholders before it looks for emphasis, so a
// delimiter inside a code span never opens or closes one: scanning for a closing delimiter
// steps over whole code spans. `accept` judges each candidate: close there, fail, or go on
// scanning from a later position (past a nested span).
export function findCloser(
  state: StateInline,
  from: number,
  closer: string,
  accept: (at: number) => 'close' | 'fail' | number,
): number {
  const { src, posMax } = state;
  for (let at = from; at < posMax; at++) {
    if (src.charCodeAt(at) === BACKTICK) {
      const end = codeSpanEnd(src, at, posMax);
      if (end > 0) {
        at = end - 1;
        continue;
      }
    }
    if (src.startsWith(closer, at) && at + closer.length <= posMax) {
      const verdict = accept(at);
      if (verdict === 'close') return at;
      if (verdict === 'fail') return -1;
      at = verdict - 1;
      continue;
    }
    if (src.charCodeAt(at) === 0x0a) return -1;
  }
  return -1;
}

// Parses src[start, end) as the children of a pair of tokens, as markdown-it's own link rule does.
export function pushWrapped(state: StateInline, tag: string, start: number, end: number, next: number): void {
  const oldMax = state.posMax;
  state.push(`${tag}_open`, tag, 1);
  state.pos = start;
  state.posMax = end;
  state.md.inline.tokenize(state);
  state.push(`${tag}_close`, tag, -1);
  state.pos = next;
  state.posMax = oldMax;
}
