import type { ChatCaller } from '../core/http/chat-caller.js';
import { MessageFlag } from '../core/database/message-flags.js';
import { EMPTY_TOPIC_DISPLAY_NAME } from '../core/server-facts.js';
import {
  type RegisterOptions,
  type RegisterStateProvider,
  RegisterState,
} from '../core/events/register-state.js';
import { UsersRepository } from '../users/users.repository.js';
import { MAX_UNREAD_MESSAGES, MessageStateQuery, type UnreadRow } from './message-state.query.js';

const WILDCARD_MENTION_BITS = MessageFlag.stream_wildcard_mentioned | MessageFlag.topic_wildcard_mentioned;

// `message` (max_message_id) and `update_message_flags` (unread_msgs, Zulip's shape).
@RegisterState()
export class MessageStateProvider implements RegisterStateProvider {
  constructor(
    private readonly users: UsersRepository,
    private readonly messageState: MessageStateQuery,
  ) {}

  async fetch({ user }: ChatCaller, want: (type: string) => boolean, options: RegisterOptions) {
    const state: Record<string, unknown> = {};
    if (want('message')) {
      state['max_message_id'] = (await this.users.maxReceivedMessageId(user.id)) ?? -1;
    }
    if (want('message') && want('update_message_flags')) {
      const rows = await this.messageState.unreadMessages(user.id);
      state['unread_msgs'] = unreadMessages(rows, user.id, options.emptyTopicNameCapable);
    }
    return state;
  }
}

// Zulip's aggregate_unread_data: conversations in key order (channel and lower-cased topic, the
// other user, the user id list as text), each with its ids ascending; a topic is named as its
// newest unread message names it.
function unreadMessages(newestFirst: readonly UnreadRow[], me: number, emptyTopicNameCapable: boolean) {
  const streams = new Map<string, { stream_id: number; topic: string; unread_message_ids: number[] }>();
  const pms = new Map<number, { other_user_id: number; sender_id: number; unread_message_ids: number[] }>();
  const huddles = new Map<string, { user_ids_string: string; unread_message_ids: number[] }>();
  const mentions: number[] = [];
  const rows = [...newestFirst].reverse();
  for (const row of newestFirst) {
    if (row.stream_id === null) continue;
    const topic = row.topic === '' && !emptyTopicNameCapable ? EMPTY_TOPIC_DISPLAY_NAME : row.topic;
    const key = `${row.stream_id}:${topic.toLowerCase()}`;
    if (!streams.has(key)) streams.set(key, { stream_id: row.stream_id, topic, unread_message_ids: [] });
  }
  for (const row of rows) {
    // Zulip's extract_unread_data_from_um_rows: a wildcard mention in a muted conversation is
    // not a mention; a personal one always is.
    if (row.flags & MessageFlag.mentioned || (row.flags & WILDCARD_MENTION_BITS && !row.muted))
      mentions.push(row.id);
    if (row.stream_id !== null) {
      const topic = row.topic === '' && !emptyTopicNameCapable ? EMPTY_TOPIC_DISPLAY_NAME : row.topic;
      streams.get(`${row.stream_id}:${topic.toLowerCase()}`)!.unread_message_ids.push(row.id);
    } else if (row.user_ids.length <= 2) {
      const other = row.user_ids.find((id) => id !== me) ?? me;
      // sender_id: the deprecated name of other_user_id Zulip still sends.
      const entry = pms.get(other) ?? { other_user_id: other, sender_id: other, unread_message_ids: [] };
      entry.unread_message_ids.push(row.id);
      pms.set(other, entry);
    } else {
      const key = [...row.user_ids].sort((a, b) => a - b).join(',');
      const entry = huddles.get(key) ?? { user_ids_string: key, unread_message_ids: [] };
      entry.unread_message_ids.push(row.id);
      huddles.set(key, entry);
    }
  }
  return {
    pms: [...pms.entries()].sort(([a], [b]) => a - b).map(([, entry]) => entry),
    streams: [...streams.values()].sort(
      (a, b) => a.stream_id - b.stream_id || compareText(a.topic.toLowerCase(), b.topic.toLowerCase()),
    ),
    huddles: [...huddles.entries()].sort(([a], [b]) => compareText(a, b)).map(([, entry]) => entry),
    mentions,
    // Muted channel messages are listed but not counted.
    count: rows.filter((row) => !row.muted).length,
    old_unreads_missing: rows.length === MAX_UNREAD_MESSAGES,
  };
}

// Python's string order (code points), not the locale's.
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
