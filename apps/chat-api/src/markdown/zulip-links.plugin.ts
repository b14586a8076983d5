import type { MarkdownIt, StateCore, Token } from 'markdown-it';
import { sanitizeUrl } from './link-sanitizer.js';
import type { ZulipRenderState } from './zulip-mentions.plugin.js';

const REFUSED = '';

// `[text](url)` as Zulip renders it: `<a href="url">text</a>` and nothing more (no title, target
// or rel), the href as typed (not percent-encoded) after Zulip's sanitising, a link with a
// refused scheme left as text, and a link without text showing its URL. Images `![x](y)` are not
// part of Zulip's dialect (the `!` stays text), nor are reference links. A link (written or bare)
// to the realm's own `#…` views or `user_uploads/` files is made relative, as Zulip does.
export function zulipLinks(md: MarkdownIt): void {
  md.normalizeLink = (url: string) => sanitizeUrl(url) ?? REFUSED;
  md.validateLink = (url: string) => url !== REFUSED;
  md.normalizeLinkText = (url: string) => url;
  md.core.ruler.after('inline', 'zulip_link_fixups', fixLinks);
}

function fixLinks(state: StateCore): void {
  const realmUrl = (state.env['zulip'] as ZulipRenderState).directory.realmUrl;
  for (const block of state.tokens) {
    const children = block.children;
    if (block.type !== 'inline' || !children) continue;
    for (let i = 0; i < children.length; i++) {
      const open = children[i]!;
      if (open.type !== 'link_open') continue;
      open.attrs = (open.attrs ?? []).filter(([name]) => name === 'href');
      const close = children.findIndex((token, at) => at > i && token.type === 'link_close');
      const inside = children.slice(i + 1, close);
      if (inside.every((token) => token.type === 'text' && token.content.trim() === '')) {
        const text = new state.Token('text', '', 0);
        text.content = String(open.attrGet('href') ?? '');
        children.splice(i + 1, inside.length, text as Token);
      }
      if (realmUrl !== undefined)
        open.attrSet('href', relativeToRealm(realmUrl, String(open.attrGet('href'))));
    }
  }
}

function relativeToRealm(realmUrl: string, href: string): string {
  const prefix = `${realmUrl.replace(/\/$/, '')}/`;
  return href.startsWith(`${prefix}#`) || href.startsWith(`${prefix}user_uploads/`)
    ? href.slice(prefix.length)
    : href;
}
