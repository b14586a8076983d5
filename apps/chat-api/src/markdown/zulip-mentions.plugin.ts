import type { MarkdownIt, StateInline, Token } from 'markdown-it';
import type {
  LinkableStream,
  MentionableGroup,
  MentionableUser,
  MentionDirectory,
  MentionOutcome,
} from './mention-directory.js';
import { narrowSlug } from './mention-directory.js';
import { EMPTY_TOPIC_DISPLAY_NAME } from '../core/server-facts.js';

// Carried in markdown-it's render env under the `zulip` key. `quoted` is set while the text of a
// block quote is parsed: Zulip makes every mention inside a quote silent.
export interface ZulipRenderState {
  readonly directory: MentionDirectory;
  readonly outcome: MentionOutcome;
  readonly quoted?: boolean;
}

function zulipState(env: Record<string | symbol, unknown>): ZulipRenderState {
  return env['zulip'] as ZulipRenderState;
}

const STREAM_WILDCARDS = new Set(['all', 'everyone', 'channel', 'stream']);
// A mention or channel link starts only at the beginning or after whitespace or one of '"({[/<
// (Zulip's BEFORE_MENTION_ALLOWED_REGEX): `me@**x**` is text.
const MAY_FOLLOW = /[\s'"({[/<]/;
const MENTION = /^@(_?)\*\*([^*\n]+?)\*\*/;
// A user group by its exact name: one asterisk each side (`@*support*`, silent `@_*support*`).
const GROUP_MENTION = /^@(_?)\*([^*\n]+)\*/;
const STREAM_LINK = /^#\*\*([^*\n]+?)\*\*/;

type Mention =
  | { kind: 'user'; user: MentionableUser; silent: boolean }
  | { kind: 'stream-wildcard'; name: string; silent: boolean }
  | { kind: 'topic-wildcard'; silent: boolean }
  | { kind: 'group'; group: MentionableGroup; silent: boolean };

// Zulip's mention and channel-link syntax, rendered with Zulip's HTML classes:
// `@**Name**`, `@**Name|id**`, silent `@_**Name**`, wildcards `@**all**` (everyone, channel,
// stream) and `@**topic**`, links `#**channel**`, `#**channel>topic**` and to a message
// `#**channel>topic@id**`, and user groups `@*group*` (silent `@_*group*`). Unknown names stay
// text.
export function zulipMentions(md: MarkdownIt): void {
  const escape = md.utils.escapeHtml;

  md.inline.ruler.before('emphasis', 'zulip_mention', (state: StateInline, silent: boolean) => {
    if (state.src.charCodeAt(state.pos) !== 0x40 /* @ */ || !mayStart(state)) return false;
    const rest = state.src.slice(state.pos);
    const env = zulipState(state.env);
    const match = MENTION.exec(rest);
    const groupMatch = match ? null : GROUP_MENTION.exec(rest);
    const found = match ?? groupMatch;
    if (!found) return false;
    const silentMention = found[1] === '_' || env.quoted === true;
    const mention = match
      ? resolveMention(env.directory, found[2]!, silentMention)
      : resolveGroup(env.directory, found[2]!, silentMention);
    if (!mention) return false;
    if (!silent) {
      const token = state.push('zulip_mention', '', 0);
      token.meta = mention;
      record(env.outcome, mention);
    }
    state.pos += found[0].length;
    return true;
  });

  md.inline.ruler.before('emphasis', 'zulip_stream_link', (state: StateInline, silent: boolean) => {
    if (state.src.charCodeAt(state.pos) !== 0x23 /* # */ || !mayStart(state)) return false;
    const match = STREAM_LINK.exec(state.src.slice(state.pos));
    if (!match) return false;
    const { streamName, ...target } = linkTarget(match[1]!);
    const stream = zulipState(state.env).directory.streamsByName.get(streamName.toLowerCase());
    if (!stream) return false;
    if (!silent) {
      const token = state.push('zulip_stream_link', '', 0);
      token.meta = { stream, ...target } satisfies StreamLink;
    }
    state.pos += match[0].length;
    return true;
  });

  md.renderer.rules['zulip_mention'] = (tokens: Token[], index: number) => {
    const mention = tokens[index]!.meta as Mention;
    const silentClass = mention.silent ? ' silent' : '';
    const prefix = mention.silent ? '' : '@';
    switch (mention.kind) {
      case 'user':
        return `<span class="user-mention${silentClass}" data-user-id="${mention.user.id}">${prefix}${escape(mention.user.fullName)}</span>`;
      case 'stream-wildcard':
        return `<span class="user-mention channel-wildcard-mention${silentClass}" data-user-id="*">${prefix}${escape(mention.name)}</span>`;
      case 'topic-wildcard':
        return `<span class="topic-mention${silentClass}">${prefix}topic</span>`;
      case 'group':
        return `<span class="user-group-mention${silentClass}" data-user-group-id="${mention.group.id}">${prefix}${escape(mention.group.name)}</span>`;
    }
  };

  md.renderer.rules['zulip_stream_link'] = (tokens: Token[], index: number) => {
    const { stream, topic, messageId } = tokens[index]!.meta as StreamLink;
    const base = `/#narrow/channel/${stream.id}-${narrowSlug(stream.name.replace(/ /g, '-'))}`;
    if (topic === null)
      return `<a class="stream" data-stream-id="${stream.id}" href="${base}">#${escape(stream.name)}</a>`;
    // The empty topic shows as its display name, in italics.
    const topicText = topic === '' ? `<em>${EMPTY_TOPIC_DISPLAY_NAME}</em>` : escape(topic);
    const topicHref = `${base}/topic/${narrowSlug(topic)}`;
    if (messageId === null)
      return `<a class="stream-topic" data-stream-id="${stream.id}" href="${topicHref}">#${escape(stream.name)} &gt; ${topicText}</a>`;
    return `<a class="message-link" href="${topicHref}/near/${messageId}">#${escape(stream.name)} &gt; ${topicText} @ 💬</a>`;
  };
}

// A type, not an interface: token meta is a Record, which only a type literal converts to.
type StreamLink = {
  readonly stream: LinkableStream;
  // Null for a link to the channel.
  readonly topic: string | null;
  // Set for a link to a message of the topic.
  readonly messageId: string | null;
};

// `channel`, `channel>topic` or `channel>topic@id` (a message link: the last `@digits`).
function linkTarget(text: string): { streamName: string; topic: string | null; messageId: string | null } {
  const separator = text.indexOf('>');
  if (separator < 0) return { streamName: text.trim(), topic: null, messageId: null };
  const streamName = text.slice(0, separator).trim();
  const rest = text.slice(separator + 1);
  const message = /^(.*)@(\d+)$/.exec(rest);
  if (message) return { streamName, topic: message[1]!.trim(), messageId: message[2]! };
  return { streamName, topic: rest.trim(), messageId: null };
}

function mayStart(state: StateInline): boolean {
  return state.pos === 0 || MAY_FOLLOW.test(state.src[state.pos - 1]!);
}

function resolveMention(directory: MentionDirectory, text: string, silent: boolean): Mention | null {
  const [rawName, rawId] = text.split('|') as [string, string | undefined];
  const name = rawName.trim();
  if (rawId === undefined) {
    if (STREAM_WILDCARDS.has(name)) return { kind: 'stream-wildcard', name, silent };
    if (name === 'topic') return { kind: 'topic-wildcard', silent };
  }
  const user =
    rawId !== undefined && /^\d+$/.test(rawId.trim())
      ? directory.usersById.get(Number(rawId.trim()))
      : uniqueByName(directory, name);
  return user ? { kind: 'user', user, silent } : null;
}

function resolveGroup(directory: MentionDirectory, name: string, silent: boolean): Mention | null {
  const group = directory.groupsByName?.get(name);
  return group ? { kind: 'group', group, silent } : null;
}

function uniqueByName(directory: MentionDirectory, name: string): MentionableUser | undefined {
  const candidates = directory.usersByName.get(name.toLowerCase()) ?? [];
  return candidates.length === 1 ? candidates[0] : undefined;
}

function record(outcome: MentionOutcome, mention: Mention): void {
  if (mention.silent) return;
  if (mention.kind === 'user') outcome.mentionedUserIds.add(mention.user.id);
  else if (mention.kind === 'group') outcome.mentionedGroupIds.add(mention.group.id);
  else if (mention.kind === 'stream-wildcard') outcome.streamWildcard = true;
  else outcome.topicWildcard = true;
}
