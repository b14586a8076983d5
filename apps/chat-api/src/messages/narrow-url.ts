import { EMPTY_TOPIC_DISPLAY_NAME } from '../core/server-facts.js';

// Zulip's links to a message (zerver/lib/url_encoding.py message_link_url): absolute, with the
// channel and topic, or the conversation's user ids, encoded the way the web app reads them.
interface LinkedMessage {
  readonly id: number;
  readonly type: string;
  readonly stream_id?: number | null;
  readonly display_recipient: unknown;
  readonly subject: string;
}

// Python's urllib.parse.quote(s, safe="*"), then `%` → `.` and `.` → `.2E`.
export function encodeHashComponent(text: string): string {
  const quoted = encodeURIComponent(text).replace(
    /[!'()]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return quoted.replace(/[%.]/g, (c) => (c === '%' ? '.' : '.2E'));
}

function encodeChannel(streamId: number, streamName: string): string {
  return `${streamId}-${encodeHashComponent(streamName.replace(/ /g, '-'))}`;
}

export function messageNearUrl(realmUrl: string, message: LinkedMessage): string {
  if (message.type === 'stream') {
    const channel = encodeChannel(message.stream_id!, String(message.display_recipient));
    return `${realmUrl}/#narrow/channel/${channel}/topic/${encodeHashComponent(message.subject)}/near/${message.id}`;
  }
  const ids = (message.display_recipient as ReadonlyArray<{ id: number }>)
    .map((recipient) => recipient.id)
    .sort((a, b) => a - b);
  return `${realmUrl}/#narrow/dm/${ids.join(',')}${ids.length >= 3 ? '-group' : ''}/near/${message.id}`;
}

// Zulip's get_message_link_syntax (zerver/lib/topic_link_util.py): `#**channel>topic@id**`, or,
// when a name holds characters that would break that syntax, a plain Markdown link to the message.
const BREAKS_LINK = /[`>*&[\]]|\$\$/;
const ESCAPES: Readonly<Record<string, string>> = {
  '`': '&#96;',
  '>': '&gt;',
  '*': '&#42;',
  '&': '&amp;',
  $$: '&#36;&#36;',
  '[': '&#91;',
  ']': '&#93;',
};

export function messageLinkSyntax(
  streamId: number,
  streamName: string,
  topic: string,
  messageId: number,
): string {
  return linkSyntax(streamId, streamName, topic, messageId);
}

// get_stream_topic_link_syntax: `#**channel>topic**`, with the same fallback.
export function topicLinkSyntax(streamId: number, streamName: string, topic: string): string {
  return linkSyntax(streamId, streamName, topic, null);
}

function linkSyntax(streamId: number, streamName: string, topic: string, messageId: number | null): string {
  const near = messageId === null ? '' : `@${messageId}`;
  if (!BREAKS_LINK.test(streamName) && !BREAKS_LINK.test(topic)) return `#**${streamName}>${topic}${near}**`;
  const escape = (text: string) =>
    text.replace(new RegExp(BREAKS_LINK.source, 'g'), (match) => ESCAPES[match] ?? match);
  const link = `#narrow/channel/${encodeChannel(streamId, streamName)}/topic/${encodeHashComponent(topic)}${messageId === null ? '' : `/near/${messageId}`}`;
  const text = `#${escape(streamName)} > ${escape(topic === '' ? EMPTY_TOPIC_DISPLAY_NAME : topic)}`;
  return `[${text}${messageId === null ? '' : ' @ 💬'}](${link})`;
}
