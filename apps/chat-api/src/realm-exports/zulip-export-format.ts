// Rows of this server's tables in the shape of Zulip's export (zerver/lib/export.py): table
// names as keys, Django field names, foreign keys as ids, datetimes as float UNIX seconds.

import { REALM_GROUP_SETTINGS, SystemGroup, type SystemGroupName } from '../user-groups/system-groups.js';

type Row = Record<string, unknown>;

// Zulip's Recipient.type values.
const RECIPIENT_PERSONAL = 1;
const RECIPIENT_STREAM = 2;
const RECIPIENT_DIRECT_MESSAGE_GROUP = 3;
// Zulip's Message.type for ordinary messages (MessageType.NORMAL).
const MESSAGE_TYPE_NORMAL = 1;
// What Zulip's renderer marks as an image preview and a link (Message.has_image, has_link).
const RENDERED_IMAGE = /class="message_inline_image"/;
const RENDERED_LINK = /<a [^>]*href=/;

export function timestamp(value: unknown): number | null {
  return value == null ? null : new Date(value as string | Date).getTime() / 1000;
}

// Zulip's string_id is the realm's subdomain: here the first label of the host a realm is served
// on, or '' (Zulip's root-domain realm) for a realm reached at the server's own address.
export function realmStringId(host: string | null): string {
  return host === null ? '' : host.split('.')[0]!;
}

// Zulip 11's Realm.REALM_PERMISSION_GROUP_SETTINGS with their default system groups. Zulip's
// import reads every one from zerver_realm (and sets it once the groups exist); this server
// keeps Zulip's defaults for all of them (the ones it enforces are REALM_GROUP_SETTINGS).
const REALM_PERMISSION_GROUP_DEFAULTS: Readonly<Record<string, SystemGroupName>> = {
  create_multiuse_invite_group: SystemGroup.ADMINISTRATORS,
  can_access_all_users_group: SystemGroup.EVERYONE,
  can_add_subscribers_group: SystemGroup.MEMBERS,
  can_create_bots_group: SystemGroup.MEMBERS,
  can_create_public_channel_group: SystemGroup.MEMBERS,
  can_create_private_channel_group: SystemGroup.MEMBERS,
  can_create_web_public_channel_group: SystemGroup.OWNERS,
  can_create_write_only_bots_group: SystemGroup.MEMBERS,
  can_invite_users_group: SystemGroup.MEMBERS,
  can_manage_billing_group: SystemGroup.ADMINISTRATORS,
  can_mention_many_users_group: SystemGroup.ADMINISTRATORS,
  can_set_delete_message_policy_group: SystemGroup.MODERATORS,
  can_set_topics_policy_group: SystemGroup.MEMBERS,
  can_summarize_topics_group: SystemGroup.EVERYONE,
  direct_message_initiator_group: SystemGroup.EVERYONE,
  direct_message_permission_group: SystemGroup.EVERYONE,
  ...REALM_GROUP_SETTINGS,
};

// Zulip 11's Stream.stream_permission_group_settings with their defaults. Channels here have no
// group settings of their own, so each is the system group Zulip defaults it to; the channel
// creator's default right to administer it (Zulip's anonymous "channel_creator" group) becomes
// role:nobody, Zulip's default for a channel without a creator.
const CHANNEL_PERMISSION_GROUP_DEFAULTS: Readonly<Record<string, SystemGroupName>> = {
  can_add_subscribers_group: SystemGroup.NOBODY,
  can_administer_channel_group: SystemGroup.NOBODY,
  can_create_topic_group: SystemGroup.EVERYONE,
  can_delete_any_message_group: SystemGroup.NOBODY,
  can_delete_own_message_group: SystemGroup.NOBODY,
  can_move_messages_out_of_channel_group: SystemGroup.NOBODY,
  can_move_messages_within_channel_group: SystemGroup.NOBODY,
  can_remove_subscribers_group: SystemGroup.ADMINISTRATORS,
  can_resolve_topics_group: SystemGroup.NOBODY,
  can_send_message_group: SystemGroup.EVERYONE,
  can_subscribe_group: SystemGroup.NOBODY,
};

function groupSettings(
  defaults: Readonly<Record<string, SystemGroupName>>,
  systemGroupIds: ReadonlyMap<string, number>,
): Row {
  return Object.fromEntries(
    Object.entries(defaults).map(([setting, group]) => [setting, systemGroupIds.get(group) ?? null]),
  );
}

// Realm's own fields, its group settings as ids of its system groups: Zulip's import builds its
// Realm from this row as it is, and reads each channel setting (none here) unconditionally.
export function realmRecord(realm: Row, systemGroupIds: ReadonlyMap<string, number>): Row {
  return {
    id: realm['id'],
    string_id: realmStringId(realm['host'] as string | null),
    name: realm['name'],
    deactivated: realm['deactivated'],
    date_created: timestamp(realm['created_at']),
    moderation_request_channel: null,
    new_stream_announcements_stream: null,
    signup_announcements_stream: null,
    zulip_update_announcements_stream: null,
    ...groupSettings(REALM_PERMISSION_GROUP_DEFAULTS, systemGroupIds),
  };
}

export function userRecord(user: Row, realmId: number, consenting: ReadonlySet<number>): Row {
  return {
    id: user['id'],
    realm: realmId,
    email: user['email'],
    delivery_email: user['email'],
    full_name: user['full_name'],
    role: user['role'],
    is_active: user['is_active'],
    is_bot: user['bot_type'] !== null,
    bot_type: user['bot_type'],
    bot_owner: user['bot_owner_id'],
    timezone: user['timezone'],
    date_joined: timestamp(user['date_joined']),
    allow_private_data_export: consenting.has(user['id'] as number),
    // Fields Zulip's import reads from every user; this server keeps none of them.
    last_login: null,
    last_reminder: null,
    default_sending_stream: null,
    default_events_register_stream: null,
    last_active_message_id: null,
    user_permissions: [],
    groups: [],
  };
}

export function streamRecord(stream: Row, realmId: number, systemGroupIds: ReadonlyMap<string, number>): Row {
  return {
    id: stream['id'],
    realm: realmId,
    name: stream['name'],
    description: stream['description'],
    invite_only: stream['invite_only'],
    history_public_to_subscribers: stream['history_public_to_subscribers'],
    deactivated: stream['is_archived'],
    creator: stream['creator_id'],
    recipient: stream['recipient_id'],
    date_created: timestamp(stream['date_created']),
    folder: stream['folder_id'],
    ...groupSettings(CHANNEL_PERMISSION_GROUP_DEFAULTS, systemGroupIds),
  };
}

// A channel's recipient points at the channel; a direct conversation's at its group (this
// server keeps one recipient per set of users, exported as Zulip's DirectMessageGroup, table
// zerver_huddle).
export function recipientRecord(recipient: Row): Row {
  const streamId = recipient['stream_id'] as number | null;
  return streamId !== null
    ? { id: recipient['id'], type: RECIPIENT_STREAM, type_id: streamId }
    : { id: recipient['id'], type: RECIPIENT_DIRECT_MESSAGE_GROUP, type_id: recipient['id'] };
}

// Each user's personal recipient, which Zulip gives every user (its 1:1 messages go to it) and
// its import sets as the user's own; this server addresses 1:1 messages by conversation, so they
// only name the user, with ids past every recipient exported.
export function personalRecipientRecord(userId: number, id: number): Row {
  return { id, type: RECIPIENT_PERSONAL, type_id: userId };
}

export function directMessageGroupRecord(recipient: Row): Row {
  const userIds = recipient['user_ids'] as number[];
  return {
    id: recipient['id'],
    huddle_hash: recipient['conversation_key'],
    group_size: userIds.length,
    recipient: recipient['id'],
  };
}

export function subscriptionRecord(subscription: Row, id: number): Row {
  return {
    id,
    user_profile: subscription['user_id'],
    recipient: subscription['recipient_id'],
    active: subscription['active'],
    color: subscription['color'],
    is_muted: subscription['is_muted'],
    pin_to_top: subscription['pin_to_top'],
  };
}

// A direct conversation's members, as Zulip exports a group's: one subscription each to its
// recipient (an import finds who is in the conversation from these); a user's personal recipient
// has the user's own.
export function conversationMemberRecord(recipientId: number, userId: number, id: number): Row {
  return {
    id,
    user_profile: userId,
    recipient: recipientId,
    active: true,
    color: '#c2c2c2',
    is_muted: false,
    pin_to_top: false,
  };
}

export function messageRecord(message: Row, realmId: number): Row {
  const editHistory = message['edit_history'];
  return {
    id: message['id'],
    realm: realmId,
    sender: message['sender_id'],
    recipient: message['recipient_id'],
    subject: message['topic'],
    content: message['content'],
    rendered_content: message['rendered_content'],
    rendered_content_version: 1,
    sending_client: message['client'],
    date_sent: timestamp(message['date_sent']),
    // Zulip keeps no last move time: it reads the latest move from the edit history.
    last_edit_time: timestamp(message['last_edit_time']),
    // Zulip stores the edit history as JSON text.
    edit_history: editHistory == null ? null : JSON.stringify(editHistory),
    // Zulip's import rewrites upload links only in messages with has_attachment.
    has_attachment: message['has_attachment'],
    has_image: RENDERED_IMAGE.test(String(message['rendered_content'] ?? '')),
    has_link: RENDERED_LINK.test(String(message['rendered_content'] ?? '')),
    is_channel_message: message['is_channel_message'],
    type: MESSAGE_TYPE_NORMAL,
  };
}

// migration_status.json: the Zulip version this server's API matches and the migrations its own
// database has run (`[X] name` as Django's showmigrations prints them), under this server's app.
// Zulip's import (check_migration_status) refuses an export from another major version, or one
// whose migrations differ for an app both sides have; an app only one side has (here chat_api,
// there zerver, analytics…) is only logged. So the file states what this database is, and
// passes on any Zulip 11.x server.
export function migrationStatus(zulipVersion: string, migrations: readonly string[]) {
  return {
    zulip_version: zulipVersion,
    migrations_by_app: { chat_api: migrations.map((name) => `[X] ${name}`) },
  };
}

export function userMessageRecord(
  copy: { user_id: number; message_id: number; flags: number },
  id: number,
): Row {
  return { id, user_profile: copy.user_id, message: copy.message_id, flags_mask: copy.flags };
}
