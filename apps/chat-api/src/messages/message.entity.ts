import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'message' })
@Index('message_recipient_topic_idx', ['recipientId', 'topicKey', 'id'])
@Index('message_realm_idx', ['realmId', 'id'])
export class MessageEntity {
  @PrimaryGeneratedColumn('identity', { type: 'int' })
  id!: number;

  @Column({ name: 'realm_id', type: 'int' })
  realmId!: number;

  @Column({ name: 'sender_id', type: 'int' })
  senderId!: number;

  @Column({ name: 'recipient_id', type: 'int' })
  recipientId!: number;

  // Null for direct messages.
  @Column({ name: 'stream_id', type: 'int', nullable: true })
  streamId!: number | null;

  // Empty for direct messages (Zulip's `subject`).
  @Column({ type: 'varchar', length: 60 })
  topic!: string;

  // Lower-cased topic: Zulip's topic narrows are case-insensitive.
  @Column({ name: 'topic_key', type: 'varchar', length: 60 })
  topicKey!: string;

  @Column({ type: 'text' })
  content!: string;

  @Column({ name: 'rendered_content', type: 'text' })
  renderedContent!: string;

  @Column({ type: 'varchar', length: 30 })
  client!: string;

  @Column({ name: 'date_sent', type: 'timestamptz' })
  dateSent!: Date;
}
