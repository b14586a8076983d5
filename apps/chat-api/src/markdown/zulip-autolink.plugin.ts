import type { MarkdownIt, StateInline } from 'markdown-it';
import { sanitizeUrl } from './link-sanitizer.js';
import { URL_MAY_FOLLOW } from './zulip-inline-text.plugin.js';
import { LINKABLE_TLDS } from './web-link-tlds.js';

// Python's Unicode \w.
const WORD = String.raw`\p{L}\p{N}_`;
const NOT_END = String.raw`[^\s()"]`;

// A path may hold balanced parentheses nested up to seven deep, as Zulip's link pattern allows
// (Wikipedia's `Each-way_(bet)`); an eighth level leaves the whole URL as text.
function nestedParens(depth: number): string {
  let chunk = `${NOT_END}*`;
  for (let level = 0; level < depth; level++) chunk = `${NOT_END}*?(?:\\(${chunk}\\)${NOT_END}*?)*`;
  return chunk;
}

// Zulip's bare-link grammar: `http(s)://host[/path]`, `name.tld[/path]` for a known top-level
// domain, `user@host.tld`, or a bitcoin address; it must be followed by optional closing
// punctuation and then whitespace or the end of the text (so `a@b.com/foo` and `x.com**` are
// not links).
const WEB_LINK = new RegExp(
  `(?:(?:https?://[${WORD}.:@-]+?|(?:[${WORD}-]+\\.)+(?:${LINKABLE_TLDS.join('|')}))` +
    `(?:/${nestedParens(7)})?` +
    `|[${WORD}.-]+@[${WORD}.-]+\\.[${WORD}]+` +
    `|bitcoin:[13][a-km-zA-HJ-NP-Z1-9]{25,34})` +
    `(?=[!:;?),.'">]*(?:$|\\s))`,
  'uy',
);

// Bare URLs become `<a href="…">url</a>`: schemeless ones get http://, e-mail addresses mailto:.
// A URL starts only at the beginning of the text or after whitespace or one of '"(,:<.
export function zulipAutolink(md: MarkdownIt): void {
  md.inline.ruler.before('zulip_text', 'zulip_autolink', (state: StateInline, silent: boolean) => {
    const { src, pos } = state;
    if (state.linkLevel > 0 || (pos > 0 && !URL_MAY_FOLLOW.test(src[pos - 1]!))) return false;
    const first = src.charCodeAt(pos);
    if (first === 0x0a || first === 0x20) return false;
    const space = src.slice(pos).search(/\s/);
    const candidate = space < 0 ? src.slice(pos) : src.slice(pos, pos + space + 1);
    WEB_LINK.lastIndex = 0;
    const match = WEB_LINK.exec(candidate);
    if (!match || pos + match[0].length > state.posMax) return false;
    const url = match[0];
    const href = sanitizeUrl(url);
    if (href === null) return false;
    if (!silent) {
      state.push('link_open', 'a', 1).attrs = [['href', href]];
      state.push('text', '', 0).content = url;
      state.push('link_close', 'a', -1);
    }
    state.pos += url.length;
    return true;
  });
}
