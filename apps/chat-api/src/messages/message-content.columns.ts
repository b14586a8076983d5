import { Column, PrimaryGeneratedColumn } from 'typeorm';

// What a sent message and a scheduled one (sent later by the delivery worker) both store: who
// writes it where, and its content as written and as rendered.
export abstract class MessageContentColumns {
  @PrimaryGeneratedColumn('identity', { type: 'int' })
  id!: number;

  @Column({ name: 'realm_id', type: 'int' })
  realmId!: number;

  @Column({ name: 'sender_id', type: 'int' })
  senderId!: number;

  // Null for direct messages.
  @Column({ name: 'stream_id', type: 'int', nullable: true })
  streamId!: number | null;

  @Column({ type: 'text' })
  content!: string;

  @Column({ name: 'rendered_content', type: 'text' })
  renderedContent!: string;

  @Column({ type: 'varchar', length: 30 })
  client!: string;
}
