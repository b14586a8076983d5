import { PassThrough } from 'node:stream';
import { TarGzWriter } from '../src/realm-exports/tar-gz.writer.js';

// A small export as Zulip's own tool writes it (zerver/lib/export.py): 1:1 messages to a user's
// personal recipient, a group conversation with its subscriptions, a mirror-dummy sender, the
// system bots in zerver_userprofile_crossrealm, messages over two files, and fields this server
// does not read.
export const ZULIP_EXPORT = {
  'realm.json': {
    zerver_realm: [
      {
        id: 7,
        string_id: 'zulipco',
        name: 'Zulip Co',
        deactivated: false,
        date_created: 1700000000.25,
        org_type: 0,
      },
    ],
    zerver_userprofile: [
      user(10, 'iago@zulipco.example', 'Iago', 200),
      user(11, 'hamlet@zulipco.example', 'King Hamlet', 400),
    ],
    zerver_userprofile_mirrordummy: [
      { ...user(12, 'former@zulipco.example', 'Former', 400), is_mirror_dummy: true },
    ],
    zerver_userprofile_crossrealm: [{ id: 1, email: 'notification-bot@zulip.com', recipient_id: 100 }],
    zerver_stream: [
      {
        id: 20,
        realm: 7,
        name: 'general',
        description: 'Everyone',
        invite_only: false,
        history_public_to_subscribers: true,
        deactivated: false,
        creator: 10,
        recipient: 30,
        date_created: 1700000001,
        folder: null,
        is_web_public: false,
      },
    ],
    zerver_recipient: [
      { id: 30, type: 2, type_id: 20 },
      { id: 31, type: 1, type_id: 10 },
      { id: 32, type: 1, type_id: 11 },
      { id: 33, type: 3, type_id: 40 },
    ],
    zerver_huddle: [{ id: 40, huddle_hash: '3b2c1a', group_size: 3, recipient: 33 }],
    zerver_subscription: [
      subscription(1, 10, 30),
      subscription(2, 11, 30),
      subscription(3, 10, 31),
      subscription(4, 11, 32),
      subscription(5, 10, 33),
      subscription(6, 11, 33),
      subscription(7, 12, 33),
    ],
    zerver_client: [{ id: 5, name: 'website' }],
    zerver_reaction: [
      {
        id: 1,
        user_profile: 11,
        message: 1001,
        emoji_name: 'octopus',
        emoji_code: '1f419',
        reaction_type: 'unicode_emoji',
      },
    ],
  },
  'messages-000001.json': {
    zerver_message: [message(1001, 10, 30, 'greetings', 'hi all')],
    zerver_usermessage: [copy(1, 11, 1001, 0)],
  },
  'messages-000002.json': {
    zerver_message: [message(1002, 10, 32, '', 'psst'), message(1003, 12, 33, '', 'group hi')],
    // flags_mask 1: read.
    zerver_usermessage: [copy(2, 11, 1002, 1), copy(3, 10, 1002, 1), copy(4, 11, 1003, 0)],
  },
};

// Each file of the archive: a Buffer as it is (an upload), anything else as JSON.
export async function zulipExportArchive(files: Record<string, unknown> = ZULIP_EXPORT): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const archive = new TarGzWriter(out);
  for (const [name, content] of Object.entries(files))
    await archive.add(
      `zulip-export-zulipco/${name}`,
      Buffer.isBuffer(content) ? content : Buffer.from(JSON.stringify(content)),
      new Date(),
    );
  await archive.finish();
  return Buffer.concat(chunks);
}

function user(id: number, email: string, fullName: string, role: number) {
  return {
    id,
    realm: 7,
    email: `user${id}@zulipco.example`,
    delivery_email: email,
    full_name: fullName,
    role,
    is_active: true,
    is_bot: false,
    bot_type: null,
    bot_owner: null,
    timezone: 'Europe/Paris',
    date_joined: 1700000000,
    is_mirror_dummy: false,
    allow_private_data_export: false,
  };
}

function subscription(id: number, userId: number, recipient: number) {
  return {
    id,
    user_profile: userId,
    recipient,
    active: true,
    color: '#76ce90',
    is_muted: false,
    pin_to_top: false,
  };
}

export function message(id: number, sender: number, recipient: number, subject: string, content: string) {
  return {
    id,
    realm: 7,
    sender,
    recipient,
    subject,
    content,
    rendered_content: `<p>${content}</p>`,
    rendered_content_version: 1,
    sending_client: 5,
    date_sent: 1700000100 + id,
    last_edit_time: null,
    edit_history: null,
    has_attachment: false,
    type: 1,
  };
}

function copy(id: number, userId: number, messageId: number, flags: number) {
  return { id, user_profile: userId, message: messageId, flags_mask: flags };
}
