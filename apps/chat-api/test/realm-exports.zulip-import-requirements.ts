// What Zulip 11's import (zerver/lib/import_realm.py: do_import_realm and the functions it
// calls) reads from an export without checking that it is there: files, realm.json tables, and
// the fields it looks up in every row (foreign keys it remaps, DATE_FIELDS it converts, keys it
// deletes or compares). A missing one stops Zulip's import with a KeyError, so an archive this
// server writes must have them all. Fields Zulip's import only reads when present are left out.

type Row = Record<string, unknown>;

// Realm.REALM_PERMISSION_GROUP_SETTINGS (read when the export has zerver_usergroup).
const REALM_GROUP_SETTINGS = [
  'create_multiuse_invite_group',
  'can_access_all_users_group',
  'can_add_custom_emoji_group',
  'can_add_subscribers_group',
  'can_create_bots_group',
  'can_create_groups',
  'can_create_public_channel_group',
  'can_create_private_channel_group',
  'can_create_web_public_channel_group',
  'can_create_write_only_bots_group',
  'can_delete_any_message_group',
  'can_delete_own_message_group',
  'can_invite_users_group',
  'can_manage_all_groups',
  'can_manage_billing_group',
  'can_mention_many_users_group',
  'can_move_messages_between_channels_group',
  'can_move_messages_between_topics_group',
  'can_resolve_topics_group',
  'can_set_delete_message_policy_group',
  'can_set_topics_policy_group',
  'can_summarize_topics_group',
  'direct_message_initiator_group',
  'direct_message_permission_group',
];

// Stream.stream_permission_group_settings.
const CHANNEL_GROUP_SETTINGS = [
  'can_add_subscribers_group',
  'can_administer_channel_group',
  'can_create_topic_group',
  'can_delete_any_message_group',
  'can_delete_own_message_group',
  'can_move_messages_out_of_channel_group',
  'can_move_messages_within_channel_group',
  'can_remove_subscribers_group',
  'can_resolve_topics_group',
  'can_send_message_group',
  'can_subscribe_group',
];

// NamedUserGroup.GROUP_PERMISSION_SETTINGS.
const USER_GROUP_SETTINGS = [
  'can_add_members_group',
  'can_join_group',
  'can_leave_group',
  'can_manage_group',
  'can_mention_group',
  'can_remove_members_group',
];

// realm.json's tables read unconditionally, with the fields read from each row.
const REALM_TABLES: Readonly<Record<string, readonly string[]>> = {
  zerver_realm: [
    'id',
    'date_created',
    'deactivated',
    'moderation_request_channel',
    'new_stream_announcements_stream',
    'signup_announcements_stream',
    'zulip_update_announcements_stream',
  ],
  zerver_userprofile: [
    'id',
    'realm',
    'email',
    'delivery_email',
    'bot_owner',
    'default_sending_stream',
    'default_events_register_stream',
    'last_active_message_id',
    'date_joined',
    'last_login',
    'last_reminder',
    'user_permissions',
    'groups',
  ],
  zerver_userprofile_mirrordummy: [],
  zerver_userprofile_crossrealm: ['id', 'email', 'recipient_id'],
  zerver_client: ['id', 'name'],
  zerver_stream: [
    'id',
    'realm',
    'name',
    'description',
    'creator',
    'folder',
    'date_created',
    ...CHANNEL_GROUP_SETTINGS,
  ],
  zerver_recipient: ['id', 'type', 'type_id'],
  zerver_huddle: ['id'],
  zerver_subscription: ['id', 'user_profile', 'recipient'],
  zerver_realmauthenticationmethod: ['id', 'realm', 'name'],
  zerver_defaultstream: ['id', 'realm', 'stream'],
  zerver_realmemoji: ['id', 'realm', 'author', 'name'],
  zerver_realmdomain: ['id', 'realm'],
  zerver_realmfilter: ['id', 'realm'],
  zerver_realmplayground: ['id', 'realm'],
  zerver_userpresence: ['id', 'user_profile', 'realm', 'last_active_time', 'last_connected_time'],
  zerver_useractivity: ['id', 'user_profile', 'client', 'last_visit'],
  zerver_useractivityinterval: ['id', 'user_profile', 'start', 'end'],
  zerver_customprofilefield: ['id', 'realm', 'field_type'],
  zerver_customprofilefieldvalue: ['id', 'user_profile', 'field', 'value'],
  zerver_reaction: ['id', 'message', 'user_profile', 'reaction_type', 'emoji_code', 'emoji_name'],
};

// Tables read only when present, with the fields then read from each row.
const OPTIONAL_REALM_TABLES: Readonly<Record<string, readonly string[]>> = {
  zerver_usergroup: ['id', 'realm'],
  zerver_namedusergroup: [
    'id',
    'usergroup_ptr',
    'realm_for_sharding',
    'creator',
    'date_created',
    'name',
    'description',
    'is_system_group',
    'deactivated',
    ...USER_GROUP_SETTINGS,
  ],
  zerver_channelfolder: ['id', 'realm', 'creator', 'date_created'],
  zerver_muteduser: ['id', 'user_profile', 'muted_user', 'date_muted'],
  zerver_usertopic: ['id', 'user_profile', 'stream', 'recipient', 'last_updated'],
  zerver_service: ['id', 'user_profile'],
  zerver_alertword: ['id', 'user_profile', 'realm'],
  zerver_savedsnippet: ['id', 'user_profile', 'realm', 'date_created'],
  zerver_scheduledmessage: [
    'id',
    'sender',
    'recipient',
    'sending_client',
    'stream',
    'realm',
    'delivered_message',
    'scheduled_timestamp',
    'request_timestamp',
    'has_attachment',
    'content',
    'rendered_content',
  ],
  zerver_realmauditlog: ['id', 'realm', 'modified_user', 'acting_user', 'modified_stream', 'event_time'],
};

const MESSAGE_FIELDS = [
  'id',
  'realm',
  'sender',
  'recipient',
  'sending_client',
  'date_sent',
  'last_edit_time',
  'has_attachment',
  'content',
  'rendered_content',
];
const USER_MESSAGE_FIELDS = ['message', 'user_profile', 'flags_mask'];
const ATTACHMENT_FIELDS = [
  'id',
  'owner',
  'realm',
  'path_id',
  'create_time',
  'content_type',
  'messages',
  'scheduled_messages',
];
const UPLOAD_RECORD_FIELDS = ['realm_id', 'user_profile_id', 's3_path', 'path'];
const EMOJI_RECORD_FIELDS = ['realm_id', 'file_name', 's3_path', 'path'];

// The requirements an archive's files (by name inside its top directory) miss, as readable
// lines; none for an archive Zulip 11's import takes.
export function zulipImportGaps(files: ReadonlyMap<string, Buffer>): string[] {
  const gaps: string[] = [];
  const json = (name: string): unknown => {
    const file = files.get(name);
    if (file) return JSON.parse(file.toString('utf8'));
    gaps.push(`no ${name}`);
    return undefined;
  };
  const rows = (where: string, table: unknown, fields: readonly string[]) => {
    if (!Array.isArray(table)) return void gaps.push(`${where} is not a list`);
    for (const [index, row] of (table as Row[]).entries())
      for (const field of fields) if (!(field in row)) gaps.push(`${where}[${index}] has no ${field}`);
  };

  const status = json('migration_status.json') as Row | undefined;
  if (status && !/^11\./.test(String(status['zulip_version'])))
    gaps.push(`migration_status.json: zulip_version ${String(status['zulip_version'])} is not 11.x`);
  if (status && typeof status['migrations_by_app'] !== 'object')
    gaps.push('migration_status.json has no migrations_by_app');

  const realm = (json('realm.json') ?? {}) as Record<string, unknown>;
  if (typeof realm['import_source'] !== 'string') gaps.push('realm.json has no import_source');
  for (const [table, fields] of Object.entries(REALM_TABLES))
    rows(`realm.json ${table}`, realm[table], fields);
  for (const [table, fields] of Object.entries(OPTIONAL_REALM_TABLES))
    if (table in realm) rows(`realm.json ${table}`, realm[table], fields);
  if ('zerver_usergroup' in realm) {
    rows('realm.json zerver_realm', realm['zerver_realm'], REALM_GROUP_SETTINGS);
    rows('realm.json zerver_usergroupmembership', realm['zerver_usergroupmembership'], [
      'id',
      'user_group',
      'user_profile',
    ]);
    rows('realm.json zerver_groupgroupmembership', realm['zerver_groupgroupmembership'], [
      'id',
      'supergroup',
      'subgroup',
    ]);
  }

  for (let file = 1; files.has(messagesFile(file)); file++) {
    const messages = json(messagesFile(file)) as Row;
    rows(`${messagesFile(file)} zerver_message`, messages['zerver_message'], MESSAGE_FIELDS);
    rows(`${messagesFile(file)} zerver_usermessage`, messages['zerver_usermessage'], USER_MESSAGE_FIELDS);
  }

  const uploads = json('uploads/records.json');
  rows('uploads/records.json', uploads, UPLOAD_RECORD_FIELDS);
  const uploaded = new Set(
    (Array.isArray(uploads) ? (uploads as Row[]) : []).map((record) => record['s3_path']),
  );
  recordedFiles('uploads', uploads, files, gaps);
  const attachments = ((json('attachment.json') ?? {}) as Row)['zerver_attachment'];
  rows('attachment.json zerver_attachment', attachments, ATTACHMENT_FIELDS);
  // Zulip's import finds each attachment's new path through its upload record.
  for (const attachment of Array.isArray(attachments) ? (attachments as Row[]) : [])
    if (!uploaded.has(attachment['path_id']))
      gaps.push(`attachment ${String(attachment['path_id'])} has no upload record`);

  rows('avatars/records.json', json('avatars/records.json'), [
    'realm_id',
    'user_profile_id',
    's3_path',
    'path',
  ]);
  // emoji/ and realm_icons/ are read when the archive has them.
  if ([...files.keys()].some((name) => name.startsWith('emoji/'))) {
    const emoji = json('emoji/records.json');
    rows('emoji/records.json', emoji, EMOJI_RECORD_FIELDS);
    recordedFiles('emoji', emoji, files, gaps);
  }
  return gaps;
}

function messagesFile(number: number): string {
  return `messages-${String(number).padStart(6, '0')}.json`;
}

// Zulip's import copies each record's file from {folder}/{path}.
function recordedFiles(
  folder: string,
  records: unknown,
  files: ReadonlyMap<string, Buffer>,
  gaps: string[],
): void {
  for (const record of Array.isArray(records) ? (records as Row[]) : [])
    if (!files.has(`${folder}/${String(record['path'])}`))
      gaps.push(`${folder}/${String(record['path'])} is missing`);
}
