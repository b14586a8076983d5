import { Column, Entity, PrimaryColumn } from 'typeorm';

// Proof that a consumer applied an event: inserted in the same transaction as the effect, so a
// redelivered event finds its row and changes nothing.
@Entity({ name: 'inbox_message' })
export class InboxMessageEntity {
  @PrimaryColumn({ type: 'varchar', length: 100 })
  consumer!: string;

  @PrimaryColumn({ name: 'event_id', type: 'varchar', length: 200 })
  eventId!: string;

  @Column({ type: 'varchar', length: 200 })
  topic!: string;

  @Column({ name: 'processed_at', type: 'timestamptz' })
  processedAt!: Date;
}
