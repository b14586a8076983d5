import { unixSeconds } from '../core/http/python-isoformat.js';
import { EMPTY_TOPIC_DISPLAY_NAME } from '../core/server-facts.js';
import type { UserEntity } from '../core/accounts/user.entity.js';
import type { ReactionRow } from '../reactions/reaction.presenter.js';
import { avatarUrl } from '../users/user.presenter.js';
import type { MessageEntity } from './message.entity.js';

// Everything a message needs besides its row to be shown the Zulip way.
export interface MessageContext {
  readonly sender: UserEntity;
  readonly realmStr: string;
  // A channel message: the channel's name; a direct message: its users.
  readonly streamName: string | null;
  readonly directUsers: readonly UserEntity[];
  // Oldest first.
  readonly reactions: readonly ReactionRow[];
}

export interface MessageRowOptions {
  readonly applyMarkdown: boolean;
  readonly clientGravatar: boolean;
  // False: a channel message's empty topic is shown as the realm's display name for it.
  readonly allowEmptyTopicName: boolean;
}

// A message as GET /messages and `message` events carry it (flags are added per user).
export function messageRow(message: MessageEntity, context: MessageContext, options: MessageRowOptions) {
  const isStream = message.streamId !== null;
  return {
    id: message.id,
    sender_id: message.senderId,
    content: options.applyMarkdown ? message.renderedContent : message.content,
    recipient_id: message.recipientId,
    timestamp: unixSeconds(message.dateSent),
    client: message.client,
    subject:
      isStream && message.topic === '' && !options.allowEmptyTopicName
        ? EMPTY_TOPIC_DISPLAY_NAME
        : message.topic,
    topic_links: [],
    // Zulip's is_status_message: the raw content starts with `/me ` (a space, nothing else).
    is_me_message: message.content.startsWith('/me '),
    reactions: context.reactions,
    submessages: [],
    sender_full_name: context.sender.fullName,
    sender_email: context.sender.email,
    sender_realm_str: context.realmStr,
    display_recipient: isStream
      ? context.streamName
      : [...context.directUsers]
          .sort((a, b) => a.id - b.id)
          .map((user) => ({
            id: user.id,
            email: user.email,
            full_name: user.fullName,
            is_mirror_dummy: false,
          })),
    type: isStream ? 'stream' : 'private',
    ...(isStream ? { stream_id: message.streamId } : {}),
    avatar_url: options.clientGravatar ? null : avatarUrl(context.sender),
    content_type: options.applyMarkdown ? 'text/html' : 'text/x-markdown',
    // Present only once edited or moved; the realm lets everyone see edit history ('all').
    ...(message.editHistory ? { edit_history: message.editHistory } : {}),
    ...(message.lastEditTime ? { last_edit_timestamp: unixSeconds(message.lastEditTime) } : {}),
    ...(message.lastMovedTime ? { last_moved_timestamp: unixSeconds(message.lastMovedTime) } : {}),
  };
}

// Zulip's `sender_realm_str`: the realm's subdomain, empty for a realm on the root domain; the
// Notification Bot, a system bot, belongs to Zulip's internal realm.
export function senderRealmStr(
  realm: { readonly host: string | null; readonly notificationBotId: number | null },
  senderId: number,
): string {
  if (senderId === realm.notificationBotId) return 'zulipinternal';
  return realm.host?.split('.')[0] ?? '';
}
