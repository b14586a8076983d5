import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@shared/util';
import { emojiPathId } from '../core/custom-emoji-urls.js';
import { ZULIP_VERSION } from '../core/server-facts.js';
import { UPLOAD_STORE, type UploadStore } from '../uploads/upload.store.js';
import { ExportDataQuery } from './export-data.query.js';
import { FeatureTablesQuery } from './feature-tables.query.js';
import type { TarGzWriter } from './tar-gz.writer.js';
import {
  directMessageGroupRecord,
  messageRecord,
  migrationStatus,
  personalRecipientRecord,
  realmRecord,
  recipientRecord,
  streamRecord,
  conversationMemberRecord,
  subscriptionRecord,
  userMessageRecord,
  userRecord,
} from './zulip-export-format.js';

type Row = Record<string, unknown>;

// Zulip writes 1000 messages per messages-NNNNNN.json (MESSAGE_BATCH_CHUNK_SIZE).
export const MESSAGES_PER_FILE = 1000;

export interface ArchiveRequest {
  readonly realmId: number;
  // Users whose private data goes in (none for a public export).
  readonly consentingIds: readonly number[];
  // The top directory every entry sits in, as Zulip's `zulip-export-<random>/`.
  readonly directory: string;
  // Called after each messages file, so a long build can keep its claim alive.
  readonly progress: () => Promise<void>;
}

// Writes a realm's data in the layout of Zulip's export tool: messages-000001.json … one page of
// messages at a time, then realm.json (with the clients the messages named),
// migration_status.json, the attachments with their files and the custom emoji images. Memory
// holds one page (or one file), whatever the realm's size. Every file and table Zulip 11's
// import reads unconditionally is written, empty when this server has no such data.
@Injectable()
export class ExportArchiveBuilder {
  constructor(
    private readonly data: ExportDataQuery,
    private readonly features: FeatureTablesQuery,
    private readonly clock: Clock,
    @Inject(UPLOAD_STORE) private readonly store: UploadStore,
  ) {}

  async write(archive: TarGzWriter, request: ArchiveRequest): Promise<{ messages: number }> {
    const realm = await this.data.realm(request.realmId);
    if (!realm) throw new Error(`realm ${request.realmId} is gone`);
    const now = this.clock.now();
    const entry = (name: string, content: unknown) =>
      archive.add(`${request.directory}/${name}`, Buffer.from(JSON.stringify(content, null, 2)), now);

    const clients = new Map<string, number>();
    const counted = await this.writeMessages(request, clients, entry);
    const tables = await this.realmTables(realm, request, clients, now);
    await entry('realm.json', tables);
    await entry('migration_status.json', migrationStatus(ZULIP_VERSION, await this.data.appliedMigrations()));
    const attachments = await this.data.attachments(request.realmId, request.consentingIds);
    const uploads = await this.writeUploads(archive, request, attachments, now);
    // Zulip's import finds each attachment's file by its path id among the upload records, so
    // an attachment whose file the store lost is left out with it (its messages keep the link).
    const stored = new Set(uploads.map((record) => record['path']));
    await entry('attachment.json', {
      zerver_attachment: attachments
        .filter((attachment) => stored.has(attachment['path_id']))
        .map(({ owner_email: _, ...row }) => row),
      zerver_imageattachment: [],
    });
    await entry('uploads/records.json', uploads);
    for (const folder of ['avatars', 'realm_icons']) await entry(`${folder}/records.json`, []);
    const emoji = ((tables as Readonly<Record<string, unknown>>)['zerver_realmemoji'] ?? []) as Row[];
    await entry('emoji/records.json', await this.writeEmojiImages(archive, request, emoji, now));
    return { messages: counted };
  }

  // Each custom emoji's image at emoji/{path id}, with Zulip's emoji record; Zulip also keeps the
  // upload as sent (`.original`), which here is the same file. An image the store lost is left
  // out with its record, so the rest of the export still builds.
  private async writeEmojiImages(
    archive: TarGzWriter,
    request: ArchiveRequest,
    emoji: readonly Row[],
    now: Date,
  ): Promise<Row[]> {
    const records: Row[] = [];
    for (const row of emoji) {
      const path = emojiPathId(request.realmId, String(row['file_name']));
      const image = await this.store.read(path);
      if (!image) continue;
      for (const stored of [path, `${path}.original`]) {
        await archive.add(`${request.directory}/emoji/${stored}`, image, now);
        records.push({
          realm_id: request.realmId,
          author: row['author'],
          path: stored,
          s3_path: stored,
          file_name: row['file_name'],
          name: row['name'],
          deactivated: row['deactivated'],
        });
      }
    }
    return records;
  }

  // Each exported attachment's file at uploads/{path id}, with Zulip's upload record
  // (export_uploads_from_local's fields). A file the store lost is left out with its record, as
  // for emoji.
  private async writeUploads(
    archive: TarGzWriter,
    request: ArchiveRequest,
    attachments: readonly Row[],
    now: Date,
  ): Promise<Row[]> {
    const records: Row[] = [];
    for (const attachment of attachments) {
      const path = String(attachment['path_id']);
      const file = await this.store.read(path);
      if (!file) continue;
      await archive.add(`${request.directory}/uploads/${path}`, file, now);
      records.push({
        realm_id: request.realmId,
        user_profile_id: attachment['owner'],
        user_profile_email: attachment['owner_email'],
        s3_path: path,
        path,
        size: file.length,
        content_type: attachment['content_type'],
        last_modified: attachment['create_time'],
      });
    }
    return records;
  }

  private async writeMessages(
    request: ArchiveRequest,
    clients: Map<string, number>,
    entry: (name: string, content: unknown) => Promise<void>,
  ): Promise<number> {
    let afterId = 0;
    let file = 0;
    let count = 0;
    let userMessageId = 0;
    for (;;) {
      const page = await this.data.messagePage(
        request.realmId,
        afterId,
        MESSAGES_PER_FILE,
        request.consentingIds,
      );
      if (page.messages.length === 0) return count;
      file += 1;
      count += page.messages.length;
      afterId = page.messages[page.messages.length - 1]!['id'] as number;
      await entry(`messages-${String(file).padStart(6, '0')}.json`, {
        zerver_message: page.messages.map((message) => ({
          ...messageRecord(message, request.realmId),
          sending_client: clientId(clients, message['client'] as string),
        })),
        zerver_usermessage: page.userMessages.map((copy) => userMessageRecord(copy, ++userMessageId)),
      });
      await request.progress();
    }
  }

  private async realmTables(
    realm: Record<string, unknown>,
    request: ArchiveRequest,
    clients: Map<string, number>,
    now: Date,
  ) {
    const realmId = request.realmId;
    const consenting = new Set(request.consentingIds);
    const [users, streams, recipients, subscriptions, features, systemGroupIds] = await Promise.all([
      this.data.users(realmId),
      this.data.streams(realmId),
      this.data.recipients(realmId),
      this.data.subscriptions(realmId),
      this.features.tables(realmId, request.consentingIds),
      this.data.systemGroupIds(realmId),
    ]);
    // Scheduled messages name their client as messages do: by an id of zerver_client. This
    // server does not record when a message was scheduled; Zulip's import needs a time, and the
    // export's is what Zulip's model takes for a row without one.
    for (const scheduled of features['zerver_scheduledmessage'] ?? []) {
      scheduled['sending_client'] = clientId(clients, scheduled['sending_client'] as string);
      scheduled['request_timestamp'] = now.getTime() / 1000;
    }
    const systemBotId = realm['notification_bot_id'];
    const members = users.filter((user) => user['id'] !== systemBotId);
    const conversations = recipients.filter((row) => row['stream_id'] === null);
    // Personal recipients, then the system bots' ones, take ids past every exported recipient.
    const firstPersonalId = largestId(recipients) + 1;
    const personal = members.map((user, index) =>
      personalRecipientRecord(user['id'] as number, firstPersonalId + index),
    );
    let subscriptionId = subscriptions.length;
    return {
      // Zulip's import records where an organization came from; "zulip" marks an export of a
      // Zulip server's data (not an organization to onboard from another product).
      import_source: 'zulip',
      zerver_realm: [realmRecord(realm, systemGroupIds)],
      // Zulip's import turns each into one of the realm's authentication methods: here the
      // email address and password.
      zerver_realmauthenticationmethod: [{ id: 1, realm: realmId, name: 'Email' }],
      zerver_userprofile: members.map((user) => userRecord(user, realmId, consenting)),
      // Zulip's import expects the list even when empty (it holds non-consenting users there).
      zerver_userprofile_mirrordummy: [],
      // Zulip's import maps each system bot's personal recipient (`recipient_id`) to the bot of
      // its own system realm; no exported row refers to it.
      zerver_userprofile_crossrealm: users
        .filter((user) => user['id'] === systemBotId)
        .map((user, index) => ({
          id: user['id'],
          email: user['email'],
          recipient_id: firstPersonalId + personal.length + index,
        })),
      zerver_stream: streams.map((stream) => streamRecord(stream, realmId, systemGroupIds)),
      zerver_recipient: [...recipients.map(recipientRecord), ...personal],
      zerver_huddle: conversations.map(directMessageGroupRecord),
      zerver_subscription: [
        ...subscriptions.map((row, index) => subscriptionRecord(row, index + 1)),
        ...conversations.flatMap((recipient) =>
          (recipient['user_ids'] as number[]).map((userId) =>
            conversationMemberRecord(recipient['id'] as number, userId, ++subscriptionId),
          ),
        ),
        ...personal.map((recipient) =>
          conversationMemberRecord(
            recipient['id'] as number,
            recipient['type_id'] as number,
            ++subscriptionId,
          ),
        ),
      ],
      ...features,
      ...NOT_KEPT_HERE,
      zerver_client: [...clients].map(([name, id]) => ({ id, name })),
    };
  }
}

// Tables Zulip's import reads from every realm.json for data this server does not keep: user
// activity, the realm's allowed email domains, linkifiers and code playgrounds.
const NOT_KEPT_HERE = {
  zerver_useractivity: [],
  zerver_useractivityinterval: [],
  zerver_realmdomain: [],
  zerver_realmfilter: [],
  zerver_realmplayground: [],
} as const;

function largestId(rows: readonly Row[]): number {
  return rows.reduce((largest, row) => Math.max(largest, row['id'] as number), 0);
}

function clientId(clients: Map<string, number>, name: string): number {
  let id = clients.get(name);
  if (id === undefined) clients.set(name, (id = clients.size + 1));
  return id;
}
