import type { ImportIds } from './import-ids.js';
import { fromSeconds, type Row } from './realm-import.repository.js';
import type { ArchiveTables, TableImport } from './table-import.js';

// Zulip's Recipient.type of a channel.
const RECIPIENT_STREAM = 2;
// This server's RecipientType.STREAM.
const STREAM_RECIPIENT = 2;

export interface NewCredentials {
  readonly apiKeyHash: string;
  readonly apiKeySealed: string;
}

// The tables of realm.json an import writes before the messages, in Zulip's names and this
// server's columns. `credentials` gives each imported user a fresh API key (exports hold none,
// as Zulip's); passwords are not exported either, so users sign in again by resetting theirs.
export function realmTableImports(
  realmId: number,
  tables: ArchiveTables,
  credentials: () => NewCredentials,
): TableImport[] {
  // The channel each channel recipient stands for, by the archive's ids.
  const streamOfRecipient = new Map(
    (tables['zerver_recipient'] ?? [])
      .filter((recipient) => recipient['type'] === RECIPIENT_STREAM)
      .map((recipient) => [recipient['id'] as number, recipient['type_id'] as number]),
  );
  const namedGroups = new Map(
    (tables['zerver_namedusergroup'] ?? []).map((group) => [group['usergroup_ptr'] as number, group]),
  );
  const owned = (source: Row, ids: ImportIds) => ({
    realm_id: realmId,
    user_id: ids.of('user', source['user_profile']),
  });

  return [
    {
      from: 'zerver_userprofile',
      into: 'user_profile',
      ids: 'user',
      row: (user, ids) => {
        const key = credentials();
        const email = String(user['delivery_email'] ?? user['email']);
        return {
          realm_id: realmId,
          email,
          email_key: email.toLowerCase(),
          full_name: user['full_name'],
          role: user['role'],
          is_active: user['is_active'],
          bot_type: user['bot_type'] ?? null,
          bot_owner_id: ids.of('user', user['bot_owner']),
          api_key_hash: key.apiKeyHash,
          api_key_sealed: key.apiKeySealed,
          timezone: user['timezone'] ?? '',
          date_joined: fromSeconds(user['date_joined']),
        };
      },
    },
    {
      // Zulip's UserProfile.allow_private_data_export; only consenting users need a row.
      from: 'zerver_userprofile',
      into: 'user_export_consent',
      keep: (user) => user['allow_private_data_export'] === true,
      row: (user, ids) => ({ user_id: ids.of('user', user['id']), realm_id: realmId, allowed: true }),
    },
    {
      from: 'zerver_channelfolder',
      into: 'channel_folder',
      ids: 'channelfolder',
      row: (folder, ids) => ({
        realm_id: realmId,
        name: folder['name'],
        description: folder['description'],
        rendered_description: folder['rendered_description'],
        creator_id: ids.of('user', folder['creator']),
        date_created: fromSeconds(folder['date_created']),
        is_archived: folder['is_archived'],
        order: folder['order'],
      }),
    },
    {
      from: 'zerver_recipient',
      into: 'recipient',
      ids: 'recipient',
      keep: (recipient) => recipient['type'] === RECIPIENT_STREAM,
      row: (recipient, ids) => ({
        realm_id: realmId,
        type: STREAM_RECIPIENT,
        conversation_key: `stream:${ids.of('stream', recipient['type_id'])}`,
        user_ids: [],
      }),
    },
    {
      from: 'zerver_stream',
      into: 'stream',
      ids: 'stream',
      row: (stream, ids) => ({
        realm_id: realmId,
        name: stream['name'],
        name_key: String(stream['name']).toLowerCase(),
        description: stream['description'],
        invite_only: stream['invite_only'],
        history_public_to_subscribers: stream['history_public_to_subscribers'],
        is_archived: stream['deactivated'],
        creator_id: ids.of('user', stream['creator']),
        recipient_id: ids.of('recipient', stream['recipient']),
        date_created: fromSeconds(stream['date_created']),
        folder_id: ids.of('channelfolder', stream['folder']),
      }),
    },
    {
      // Channel subscriptions; a direct conversation's members come with its messages.
      from: 'zerver_subscription',
      into: 'subscription',
      keep: (subscription) => streamOfRecipient.has(subscription['recipient'] as number),
      row: (subscription, ids) => ({
        user_id: ids.of('user', subscription['user_profile']),
        stream_id: ids.of('stream', streamOfRecipient.get(subscription['recipient'] as number)),
        realm_id: realmId,
        active: subscription['active'],
        color: subscription['color'],
        is_muted: subscription['is_muted'],
        pin_to_top: subscription['pin_to_top'],
      }),
    },
    {
      from: 'zerver_defaultstream',
      into: 'default_stream',
      row: (row, ids) => ({ realm_id: realmId, stream_id: ids.of('stream', row['stream']) }),
    },
    {
      // Zulip 11: every group in zerver_usergroup, the named ones' fields in zerver_namedusergroup.
      from: 'zerver_usergroup',
      into: 'user_group',
      ids: 'usergroup',
      row: (group, ids) => {
        const named = namedGroups.get(group['id'] as number);
        const setting = (name: string) => ids.of('usergroup', named?.[name]);
        return {
          realm_id: realmId,
          name: named?.['name'] ?? null,
          description: named?.['description'] ?? '',
          date_created: fromSeconds(named?.['date_created']),
          creator_id: ids.of('user', named?.['creator']),
          is_system_group: named?.['is_system_group'] ?? false,
          deactivated: named?.['deactivated'] ?? false,
          can_add_members_group_id: setting('can_add_members_group'),
          can_join_group_id: setting('can_join_group'),
          can_leave_group_id: setting('can_leave_group'),
          can_manage_group_id: setting('can_manage_group'),
          can_mention_group_id: setting('can_mention_group'),
          can_remove_members_group_id: setting('can_remove_members_group'),
        };
      },
    },
    {
      from: 'zerver_usergroupmembership',
      into: 'user_group_membership',
      row: (row, ids) => ({
        user_group_id: ids.of('usergroup', row['user_group']),
        user_id: ids.of('user', row['user_profile']),
      }),
    },
    {
      from: 'zerver_groupgroupmembership',
      into: 'group_group_membership',
      row: (row, ids) => ({
        supergroup_id: ids.of('usergroup', row['supergroup']),
        subgroup_id: ids.of('usergroup', row['subgroup']),
      }),
    },
    {
      from: 'zerver_customprofilefield',
      into: 'custom_profile_field',
      ids: 'customprofilefield',
      row: (field) => ({
        realm_id: realmId,
        name: field['name'],
        hint: field['hint'],
        order: field['order'],
        field_type: field['field_type'],
        field_data: field['field_data'],
        display_in_profile_summary: field['display_in_profile_summary'],
        required: field['required'],
        editable_by_user: field['editable_by_user'],
      }),
    },
    {
      from: 'zerver_customprofilefieldvalue',
      into: 'custom_profile_field_value',
      row: (value, ids) => ({
        ...owned(value, ids),
        field_id: ids.of('customprofilefield', value['field']),
        value: value['value'],
        rendered_value: value['rendered_value'],
      }),
    },
    {
      from: 'zerver_userpresence',
      into: 'user_presence',
      row: (presence, ids) => ({
        ...owned(presence, ids),
        last_active_time: fromSeconds(presence['last_active_time']),
        last_connected_time: fromSeconds(presence['last_connected_time']),
        last_update_id: presence['last_update_id'] ?? 0,
      }),
    },
    {
      from: 'zerver_muteduser',
      into: 'muted_user',
      row: (mute, ids) => ({
        ...owned(mute, ids),
        muted_user_id: ids.of('user', mute['muted_user']),
        date_muted: fromSeconds(mute['date_muted']),
      }),
    },
    {
      from: 'zerver_usertopic',
      into: 'user_topic',
      row: (topic, ids) => ({
        ...owned(topic, ids),
        stream_id: ids.of('stream', topic['stream']),
        topic_name: topic['topic_name'],
        topic_key: String(topic['topic_name']).toLowerCase(),
        visibility_policy: topic['visibility_policy'],
        last_updated: fromSeconds(topic['last_updated']),
      }),
    },
    {
      // Their images are copied by RealmImporter (emoji/ of the archive).
      from: 'zerver_realmemoji',
      into: 'realm_emoji',
      row: (emoji, ids) => ({
        realm_id: realmId,
        name: emoji['name'],
        author_id: ids.of('user', emoji['author']),
        file_name: emoji['file_name'],
        is_animated: emoji['is_animated'] ?? false,
        deactivated: emoji['deactivated'] ?? false,
      }),
    },
    {
      // An outgoing-webhook bot's service, with a new token as Zulip's import gives it (exports
      // carry none): generated and sealed as a new bot's is.
      from: 'zerver_service',
      into: 'bot_service',
      row: (service, ids) => ({
        bot_user_id: ids.of('user', service['user_profile']),
        realm_id: realmId,
        name: service['name'],
        base_url: service['base_url'],
        interface: service['interface'],
        token_sealed: credentials().apiKeySealed,
      }),
    },
    {
      from: 'zerver_alertword',
      into: 'alert_word',
      row: (word, ids) => ({ ...owned(word, ids), word: word['word'] }),
    },
    {
      from: 'zerver_savedsnippet',
      into: 'saved_snippet',
      row: (snippet, ids) => ({
        ...owned(snippet, ids),
        title: snippet['title'],
        content: snippet['content'],
        date_created: fromSeconds(snippet['date_created']),
      }),
    },
  ];
}
