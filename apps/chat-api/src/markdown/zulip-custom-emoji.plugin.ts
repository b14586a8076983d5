import type { MarkdownIt, StateInline, Token } from 'markdown-it';
import type { ZulipRenderState } from './zulip-mentions.plugin.js';

// Zulip's emoji syntax (`:name:`, a name of word characters, `-` and `+`).
export const EMOJI_SYNTAX = /^:([\p{L}\p{N}\p{M}_+-]+):/u;

// The realm's active custom emoji in messages: `:name:` becomes Zulip's make_realm_emoji image,
// `<img alt=":name:" class="emoji" src="{source_url}" title="name">` (attributes sorted as
// Python-Markdown writes them, underscores of the title as spaces). Other names stay text.
export function zulipCustomEmoji(md: MarkdownIt): void {
  md.inline.ruler.before('emphasis', 'zulip_custom_emoji', (state: StateInline, silent: boolean) => {
    if (state.src.charCodeAt(state.pos) !== 0x3a /* : */) return false;
    const match = EMOJI_SYNTAX.exec(state.src.slice(state.pos, state.posMax));
    const sourceUrl = match && (state.env['zulip'] as ZulipRenderState).directory.customEmoji?.get(match[1]!);
    if (!match || sourceUrl === undefined) return false;
    if (!silent) {
      const token = state.push('zulip_custom_emoji', '', 0);
      token.content = match[1]!;
      token.meta = { sourceUrl };
    }
    state.pos += match[0].length;
    return true;
  });
  const escape = md.utils.escapeHtml;
  md.renderer.rules['zulip_custom_emoji'] = (tokens: Token[], index: number) => {
    const { content: name, meta } = tokens[index]!;
    const { sourceUrl } = meta as { sourceUrl: string };
    const title = name.replaceAll('_', ' ');
    return `<img alt=":${escape(name)}:" class="emoji" src="${escape(sourceUrl)}" title="${escape(title)}">`;
  };
}
