import { EMPTY_TOPIC_DISPLAY_NAME } from '../core/server-facts.js';
import { pushContent, truncatedContent } from './push-content.js';

export interface PushRealm {
  readonly id: number;
  readonly name: string;
  readonly url: string;
}

// Why a user is notified (Zulip's NotificationTriggers): the subtitle says it.
export type PushTrigger = 'direct_message' | 'mention';

export interface PushPayloads {
  readonly apns: Record<string, unknown>;
  readonly gcm: Record<string, unknown>;
  readonly gcmOptions: { readonly priority: 'high' | 'normal' };
}

interface DirectUser {
  readonly id: number;
  readonly full_name: string;
}

// The fields every notification carries (Zulip's get_base_payload): which account on which
// server it is for, so the app can tell its logged-in accounts apart.
function basePayload(realm: PushRealm, userId: number): Record<string, unknown> {
  return {
    server: new URL(realm.url).host,
    realm_id: realm.id,
    realm_uri: realm.url,
    realm_url: realm.url,
    realm_name: realm.name,
    user_id: userId,
  };
}

// A new message's notification for one recipient, in Zulip's formats for APNs and FCM.
// `row` is the message as GET /messages shows it (raw content) plus its rendered_content.
export function messagePayloads(
  realm: PushRealm,
  userId: number,
  trigger: PushTrigger,
  row: Readonly<Record<string, unknown>>,
): PushPayloads {
  const messageId = row['id'] as number;
  const senderName = row['sender_full_name'] as string;
  const isStream = row['type'] === 'stream';
  const directUsers = isStream ? [] : (row['display_recipient'] as readonly DirectUser[]);
  const topic = isStream ? (row['subject'] as string) || EMPTY_TOPIC_DISPLAY_NAME : '';
  const message: Record<string, unknown> = {
    ...basePayload(realm, userId),
    sender_id: row['sender_id'],
    sender_email: row['sender_email'],
    time: row['timestamp'],
    recipient_type: isStream ? 'stream' : 'private',
    ...(isStream ? { stream: row['display_recipient'], stream_id: row['stream_id'], topic } : {}),
    ...(directUsers.length > 2
      ? {
          pm_users: directUsers
            .map((user) => user.id)
            .sort((a, b) => a - b)
            .join(','),
        }
      : {}),
  };
  const { text, truncated } = truncatedContent(pushContent(row['rendered_content'] as string));
  const title = isStream
    ? `#${String(row['display_recipient'])} > ${topic}`
    : directUsers.length > 2
      ? directUsers
          .map((user) => user.full_name)
          .sort()
          .join(', ')
      : senderName;
  const subtitle =
    trigger === 'mention'
      ? `${senderName} mentioned you:`
      : isStream || directUsers.length > 2
        ? `${senderName}:`
        : '';
  return {
    apns: {
      alert: { title, subtitle, body: text },
      sound: 'default',
      // Zulip sends 0 until its apps handle the count while open.
      badge: 0,
      custom: { zulip: { ...message, message_ids: [messageId] } },
    },
    gcm: {
      ...message,
      event: 'message',
      zulip_message_id: messageId,
      content: text,
      content_truncated: truncated,
      sender_full_name: senderName,
      sender_avatar_url: row['avatar_url'],
    },
    gcmOptions: { priority: 'high' },
  };
}

// APNs refuses payloads over 4 KB: a removal names the newest 200 messages (Zulip's
// MAX_APNS_MESSAGE_IDS), older notifications were most likely dismissed already.
const MAX_REMOVED_IDS = 200;

// The notice that takes read messages' notifications off a user's phones.
export function removalPayloads(
  realm: PushRealm,
  userId: number,
  messageIds: readonly number[],
): PushPayloads {
  const ids = [...messageIds].sort((a, b) => a - b).slice(-MAX_REMOVED_IDS);
  const removal = { ...basePayload(realm, userId), event: 'remove', zulip_message_ids: ids.join(',') };
  return {
    apns: { badge: 0, custom: { zulip: removal } },
    // Apps from before 2019 read only zulip_message_id.
    gcm: { ...removal, zulip_message_id: ids[0] },
    gcmOptions: { priority: 'normal' },
  };
}
