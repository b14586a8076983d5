// An export's tables with every id replaced by what it stands for (a user by email, a channel by
// name, a message by its place in id order…), so two exports of the same data compare equal
// whatever ids their servers gave the rows: the check of an export → import → export round trip.

type Row = Record<string, unknown>;
export type ExportTables = Record<string, Row[]>;

type Kind = 'user' | 'stream' | 'recipient' | 'message' | 'group' | 'field' | 'folder' | 'client';

// The reference fields of Zulip's export tables, by the kind of row they point at.
const REFERENCES: Readonly<Record<string, Kind>> = {
  user_profile: 'user',
  sender: 'user',
  bot_owner: 'user',
  creator: 'user',
  muted_user: 'user',
  author: 'user',
  owner: 'user',
  stream: 'stream',
  recipient: 'recipient',
  message: 'message',
  delivered_message: 'message',
  reminder_target_message_id: 'message',
  user_group: 'group',
  supergroup: 'group',
  subgroup: 'group',
  usergroup_ptr: 'group',
  can_add_members_group: 'group',
  can_join_group: 'group',
  can_leave_group: 'group',
  can_manage_group: 'group',
  can_mention_group: 'group',
  can_remove_members_group: 'group',
  field: 'field',
  folder: 'folder',
  sending_client: 'client',
};

// The realm's and each channel's group settings (can_…_group, can_create_groups, …): ids of
// the realm's groups.
const GROUP_SETTING = /_groups?$/;
const TABLES_WITH_GROUP_SETTINGS = new Set(['zerver_realm', 'zerver_stream']);

// The tables whose own id is a row's identity; the others' ids are surrogates, dropped.
const IDENTIFIED: Readonly<Record<string, Kind>> = {
  zerver_userprofile: 'user',
  zerver_userprofile_crossrealm: 'user',
  zerver_stream: 'stream',
  zerver_recipient: 'recipient',
  zerver_huddle: 'recipient',
  zerver_message: 'message',
  zerver_usergroup: 'group',
  zerver_customprofilefield: 'field',
  zerver_channelfolder: 'folder',
  zerver_client: 'client',
};

// Fields that name the server or the realm's place on it rather than its data (a system bot's
// `recipient_id` is a personal recipient no exported row has).
// An upload's path id (`{realm}/{xx}/{random}/`, with or without its `user_uploads/` URL prefix):
// an import gives each file a new one, so a path id compares by the file name it ends in.
const UPLOAD_PATH_ID = /\d+\/[0-9a-f]{2}\/[\w-]{24}\//g;

// A scheduled message's request_timestamp is the export's own time (this server does not keep
// when a message was scheduled).
const SERVER_FIELDS = new Set([
  'realm',
  'realm_for_sharding',
  'string_id',
  'url',
  'recipient_id',
  'request_timestamp',
]);

export function normaliseExport(tables: ExportTables): ExportTables {
  const keys = new Map<Kind, Map<unknown, string>>();
  const name = (kind: Kind, rows: Row[] | undefined, key: (row: Row, index: number) => string) =>
    keys.set(
      kind,
      new Map([
        ...(keys.get(kind) ?? []),
        ...(rows ?? []).map((row, i) => [row['id'], key(row, i)] as const),
      ]),
    );
  const byId = (rows: Row[] | undefined) =>
    [...(rows ?? [])].sort((a, b) => (a['id'] as number) - (b['id'] as number));
  const key = (kind: Kind, id: unknown) =>
    id == null ? null : (keys.get(kind)?.get(id) ?? `missing ${kind} ${String(id)}`);

  name('user', tables['zerver_userprofile'], (user) => `user ${String(user['email'])}`);
  name('user', tables['zerver_userprofile_crossrealm'], (bot) => `bot ${String(bot['email'])}`);
  name('stream', tables['zerver_stream'], (stream) => `stream ${String(stream['name'])}`);
  name('message', byId(tables['zerver_message']), (_, index) => `message #${index}`);
  const named = new Map(
    (tables['zerver_namedusergroup'] ?? []).map((group) => [group['usergroup_ptr'], group['name']]),
  );
  name('group', byId(tables['zerver_usergroup']), (group, index) =>
    named.has(group['id']) ? `group ${String(named.get(group['id']))}` : `anonymous group #${index}`,
  );
  name('field', tables['zerver_customprofilefield'], (field) => `field ${String(field['name'])}`);
  name('folder', tables['zerver_channelfolder'], (folder) => `folder ${String(folder['name'])}`);
  name('client', tables['zerver_client'], (client) => `client ${String(client['name'])}`);
  const members = new Map<unknown, string[]>();
  for (const subscription of tables['zerver_subscription'] ?? [])
    members.set(subscription['recipient'], [
      ...(members.get(subscription['recipient']) ?? []),
      key('user', subscription['user_profile'])!,
    ]);
  name('recipient', tables['zerver_recipient'], (recipient) =>
    recipient['type'] === 2
      ? `recipient of ${key('stream', recipient['type_id'])}`
      : recipient['type'] === 1
        ? `personal recipient of ${key('user', recipient['type_id'])}`
        : `conversation of ${[...(members.get(recipient['id']) ?? [])].sort().join(', ')}`,
  );

  const normalised: ExportTables = {};
  for (const [table, rows] of Object.entries(tables)) {
    normalised[table] = rows
      .map((row) => {
        const out: Row = {};
        for (const [field, value] of Object.entries(row)) {
          if (SERVER_FIELDS.has(field)) continue;
          if (field === 'id') {
            const kind = IDENTIFIED[table];
            if (kind) out['id'] = key(kind, value);
          } else if (field === 'messages') {
            // An attachment's messages.
            out[field] = (value as unknown[]).map((id) => key('message', id));
          } else if (field === 'type_id' || field === 'huddle_hash') {
            out[field] = key('recipient', row['id']);
          } else {
            const kind =
              REFERENCES[field] ??
              (TABLES_WITH_GROUP_SETTINGS.has(table) && GROUP_SETTING.test(field) ? 'group' : undefined);
            if (kind) out[field] = key(kind, value);
            else out[field] = typeof value === 'string' ? value.replace(UPLOAD_PATH_ID, '{upload}/') : value;
          }
        }
        return out;
      })
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  }
  return normalised;
}
