import type { UnitOfWork } from '@platform/database';
import { ImportArchiveError } from './import-archive.error.js';
import type { ImportIds } from './import-ids.js';
import { lastMovedSeconds } from './message-moves.js';
import { fromSeconds, type RealmImportRepository, type Row } from './realm-import.repository.js';
import type { ArchiveTables } from './table-import.js';
import type { UploadFilesImport } from './upload-files.import.js';

// Zulip's Recipient.type values: one user (a 1:1 conversation with them), a channel, a group.
const RECIPIENT_PERSONAL = 1;
const RECIPIENT_STREAM = 2;
const RECIPIENT_DIRECT_MESSAGE_GROUP = 3;

const MESSAGE_COLUMNS = [
  'id',
  'realm_id',
  'sender_id',
  'recipient_id',
  'stream_id',
  'topic',
  'topic_key',
  'content',
  'rendered_content',
  'client',
  'date_sent',
  'edit_history',
  'last_edit_time',
  'last_moved_time',
];

// Writes the messages of an archive one messages file at a time (1,000 messages in Zulip's and
// this server's exports), with the copies of them it holds; direct conversations are created as
// their messages name them. realm.json's tables are already written (`ids` has their new ids).
export class MessageFilesImport {
  private readonly recipients: Map<number, Row>;
  // The archive's members of each group conversation (its subscriptions, as Zulip exports them).
  private readonly groupMembers = new Map<number, number[]>();
  private readonly streamOfRecipient = new Map<number, number>();
  private readonly clients: Map<number, string>;
  // New direct conversations' recipient ids by conversation key.
  private readonly conversations = new Map<string, number>();
  // The messages realm.json and attachment.json refer to (reactions, scheduled messages,
  // attachments' messages): the only ones whose new ids are kept past their own file, so memory
  // does not grow with the number of messages.
  private readonly referenced: Set<unknown>;
  messages = 0;

  constructor(
    private readonly repository: RealmImportRepository,
    private readonly unit: UnitOfWork,
    private readonly realmId: number,
    private readonly tables: ArchiveTables,
    private readonly ids: ImportIds,
    private readonly uploads: UploadFilesImport,
  ) {
    this.recipients = new Map((tables['zerver_recipient'] ?? []).map((row) => [row['id'] as number, row]));
    for (const recipient of this.recipients.values())
      if (recipient['type'] === RECIPIENT_STREAM)
        this.streamOfRecipient.set(recipient['id'] as number, recipient['type_id'] as number);
    for (const subscription of tables['zerver_subscription'] ?? []) {
      const recipient = subscription['recipient'] as number;
      if (this.recipients.get(recipient)?.['type'] !== RECIPIENT_DIRECT_MESSAGE_GROUP) continue;
      const members = this.groupMembers.get(recipient) ?? [];
      members.push(subscription['user_profile'] as number);
      this.groupMembers.set(recipient, members);
    }
    this.referenced = new Set([
      ...(tables['zerver_reaction'] ?? []).map((reaction) => reaction['message']),
      ...(tables['zerver_scheduledmessage'] ?? []).flatMap((message) => [
        message['delivered_message'],
        message['reminder_target_message_id'],
      ]),
      ...(tables['zerver_attachment'] ?? []).flatMap((attachment) => attachment['messages'] as unknown[]),
    ]);
    this.clients = new Map(
      (tables['zerver_client'] ?? []).map((client) => [client['id'] as number, String(client['name'])]),
    );
  }

  // Every group conversation of the archive, messages or not (in archive order).
  async importConversations(): Promise<void> {
    for (const members of this.groupMembers.values()) await this.conversation(members);
  }

  async importFile(file: { zerver_message?: Row[]; zerver_usermessage?: Row[] }): Promise<void> {
    const sources = file.zerver_message ?? [];
    const newIds = await this.repository.allocateIds(this.unit, 'message', sources.length);
    const fileIds = new Map<unknown, number>();
    sources.forEach((message, index) => {
      fileIds.set(message['id'], newIds[index]!);
      if (this.referenced.has(message['id']))
        this.ids.set('message', message['id'] as number, newIds[index]!);
    });
    const rows: Row[] = [];
    for (const message of sources) rows.push(await this.messageRow(message, fileIds.get(message['id'])!));
    await this.repository.insertRows(this.unit, 'message', MESSAGE_COLUMNS, rows);
    // A file holds the copies of its own messages (Zulip's export_usermessages_batch).
    const copies = (file.zerver_usermessage ?? []).filter((copy) => fileIds.has(copy['message']));
    await this.repository.insertRows(
      this.unit,
      'user_message',
      ['user_id', 'message_id', 'flags'],
      copies.map((copy) => ({
        user_id: this.ids.of('user', copy['user_profile']),
        message_id: fileIds.get(copy['message']),
        flags: copy['flags_mask'] ?? 0,
      })),
    );
    this.messages += sources.length;
  }

  // After the messages: reactions to the messages imported, and scheduled messages.
  async importMessageReferences(): Promise<void> {
    const reactions = (this.tables['zerver_reaction'] ?? []).filter((reaction) =>
      this.ids.has('message', reaction['message']),
    );
    await this.repository.insertRows(
      this.unit,
      'reaction',
      ['realm_id', 'message_id', 'user_id', 'emoji_name', 'emoji_code', 'reaction_type'],
      reactions.map((reaction) => ({
        realm_id: this.realmId,
        message_id: this.ids.of('message', reaction['message']),
        user_id: this.ids.of('user', reaction['user_profile']),
        emoji_name: reaction['emoji_name'],
        emoji_code: reaction['emoji_code'],
        reaction_type: reaction['reaction_type'],
      })),
    );
    const scheduled = this.tables['zerver_scheduledmessage'] ?? [];
    const rows = scheduled.map((message) => this.scheduledRow(message));
    if (rows.length > 0)
      await this.repository.insertRows(this.unit, 'scheduled_message', Object.keys(rows[0]!), rows);
  }

  private async messageRow(message: Row, id: number): Promise<Row> {
    const recipient = message['recipient'] as number;
    const stream = this.streamOfRecipient.get(recipient);
    const topic = String(message['subject'] ?? '');
    const editHistory = this.editHistory(message['edit_history']);
    return {
      id,
      realm_id: this.realmId,
      sender_id: this.ids.of('user', message['sender']),
      recipient_id:
        stream === undefined
          ? await this.conversation(this.members(recipient, message['sender'] as number))
          : this.ids.of('recipient', recipient),
      stream_id: stream === undefined ? null : this.ids.of('stream', stream),
      topic,
      topic_key: topic.toLowerCase(),
      content: this.uploads.rewriteLinks(message['content']),
      rendered_content: this.uploads.rewriteLinks(message['rendered_content'] ?? ''),
      client: this.clients.get(message['sending_client'] as number) ?? 'Internal',
      date_sent: fromSeconds(message['date_sent']),
      edit_history: editHistory,
      last_edit_time: fromSeconds(message['last_edit_time']),
      last_moved_time: fromSeconds(lastMovedSeconds(editHistory)),
    };
  }

  private scheduledRow(message: Row): Row {
    const sender = message['sender'] as number;
    const stream = message['stream'] as number | null;
    return {
      realm_id: this.realmId,
      sender_id: this.ids.of('user', sender),
      delivery_type: message['delivery_type'] ?? 1,
      stream_id: this.ids.of('stream', stream),
      recipient_ids:
        stream === null
          ? this.members(message['recipient'] as number, sender)
              .filter((user) => user !== sender)
              .map((user) => this.ids.of('user', user))
          : [],
      topic: message['subject'] ?? '',
      content: message['content'],
      rendered_content: message['rendered_content'] ?? '',
      client: this.clients.get(message['sending_client'] as number) ?? 'Internal',
      read_by_sender: message['read_by_sender'] ?? true,
      scheduled_at: fromSeconds(message['scheduled_timestamp']),
      delivered: message['delivered'] ?? false,
      delivered_message_id: this.ids.has('message', message['delivered_message'])
        ? this.ids.of('message', message['delivered_message'])
        : null,
      failed: message['failed'] ?? false,
      failure_message: message['failure_message'] ?? null,
      reminder_target_message_id: this.ids.has('message', message['reminder_target_message_id'])
        ? this.ids.of('message', message['reminder_target_message_id'])
        : null,
      reminder_note: message['reminder_note'] ?? null,
    };
  }

  // The archive's users of a direct conversation: a group's members, or for Zulip's 1:1
  // messages (the receiving user's personal recipient) the sender and that user.
  private members(recipientId: number, senderId: number): number[] {
    const recipient = this.recipients.get(recipientId);
    if (recipient?.['type'] === RECIPIENT_PERSONAL) return [senderId, recipient['type_id'] as number];
    const members = this.groupMembers.get(recipientId);
    if (!members) throw new ImportArchiveError(`The archive refers to a missing recipient ${recipientId}`);
    return members;
  }

  private async conversation(archiveUserIds: readonly number[]): Promise<number> {
    const userIds = [...new Set(archiveUserIds.map((id) => this.ids.of('user', id)!))].sort((a, b) => a - b);
    const key = userIds.join(',');
    let id = this.conversations.get(key);
    if (id === undefined)
      this.conversations.set(
        key,
        (id = await this.repository.insertConversation(this.unit, this.realmId, userIds)),
      );
    return id;
  }

  // Zulip keeps the edit history as JSON text; its user and channel ids are rewritten.
  private editHistory(value: unknown): Row[] | null {
    if (value == null) return null;
    const entries = (typeof value === 'string' ? JSON.parse(value) : value) as Row[];
    return entries.map((entry) => ({
      ...entry,
      ...(entry['user_id'] != null ? { user_id: this.ids.of('user', entry['user_id']) } : {}),
      ...(entry['prev_stream'] != null ? { prev_stream: this.ids.of('stream', entry['prev_stream']) } : {}),
      ...(entry['stream'] != null ? { stream: this.ids.of('stream', entry['stream']) } : {}),
    }));
  }
}
