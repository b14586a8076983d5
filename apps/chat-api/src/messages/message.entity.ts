import { Column, Entity, Index } from 'typeorm';
import { MessageContentColumns } from './message-content.columns.js';
import { SEARCH_TSVECTOR_SQL } from './message-search.js';

// One edit or move, as Zulip stores it in Message.edit_history: who and when, plus the fields it
// changed (previous content and its HTML, topic before and after, channel before and after).
export interface EditHistoryEntry {
  readonly user_id: number;
  readonly timestamp: number;
  readonly prev_content?: string;
  readonly prev_rendered_content?: string;
  readonly prev_topic?: string;
  readonly topic?: string;
  readonly prev_stream?: number;
  readonly stream?: number;
}

// Indexes: a topic's messages in id order; a conversation's (channel or direct) in id order, which
// also answers a channel's first message id (min(id)) at any history size; the realm's; and the
// search words (GIN over search_tsvector).
@Entity({ name: 'message' })
@Index('message_recipient_topic_idx', ['recipientId', 'topicKey', 'id'])
@Index('message_recipient_idx', ['recipientId', 'id'])
@Index('message_realm_idx', ['realmId', 'id'])
@Index('message_search_idx', ['searchTsvector'], { type: 'gin' })
export class MessageEntity extends MessageContentColumns {
  @Column({ name: 'recipient_id', type: 'int' })
  recipientId!: number;

  // Empty for direct messages (Zulip's `subject`).
  @Column({ type: 'varchar', length: 60 })
  topic!: string;

  // Lower-cased topic: Zulip's topic narrows are case-insensitive.
  @Column({ name: 'topic_key', type: 'varchar', length: 60 })
  topicKey!: string;

  @Column({ name: 'date_sent', type: 'timestamptz' })
  dateSent!: Date;

  // Edits and moves, newest first; null until the first one (message-editing writes these three,
  // a new message has none of them).
  @Column({ name: 'edit_history', type: 'jsonb', nullable: true })
  editHistory?: EditHistoryEntry[] | null;

  // The last content edit (Zulip's last_edit_timestamp since feature level 365: moves excluded).
  @Column({ name: 'last_edit_time', type: 'timestamptz', nullable: true })
  lastEditTime?: Date | null;

  // The last move to another topic or channel, resolving and unresolving excluded.
  @Column({ name: 'last_moved_time', type: 'timestamptz', nullable: true })
  lastMovedTime?: Date | null;

  // The words of the topic and the rendered content for full-text search (Zulip's
  // search_tsvector over subject and rendered_content, English stemming and stop words; HTML
  // tags and character references are not words to the parser). Computed by PostgreSQL on every
  // insert and edit, never read back.
  @Column({
    name: 'search_tsvector',
    type: 'tsvector',
    generatedType: 'STORED',
    asExpression: SEARCH_TSVECTOR_SQL,
    insert: false,
    update: false,
    select: false,
  })
  searchTsvector?: string;
}
