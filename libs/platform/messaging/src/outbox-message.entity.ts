import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

// An event waiting to be published, written in the same transaction as the change it announces.
@Entity({ name: 'outbox_message' })
@Index('outbox_message_unpublished_idx', ['position'], { where: '"published_at" IS NULL' })
export class OutboxMessageEntity {
  // Publication order: an aggregate's events leave in the order they were committed.
  @PrimaryGeneratedColumn('increment', { type: 'bigint' })
  position!: string;

  @Column({ name: 'event_id', type: 'uuid', unique: true })
  eventId!: string;

  @Column({ type: 'varchar', length: 200 })
  topic!: string;

  @Column({ name: 'message_key', type: 'varchar', length: 200 })
  messageKey!: string;

  @Column({ type: 'jsonb' })
  payload!: object;

  @Column({ name: 'correlation_id', type: 'varchar', length: 100 })
  correlationId!: string;

  // pg_current_xact_id() of the transaction that wrote the row (EventEnvelope.xid); null for rows
  // written before it was recorded.
  @Column({ name: 'xid', type: 'bigint', nullable: true })
  xid!: string | null;

  // The W3C trace context the event was published in (https://www.w3.org/TR/trace-context/), so
  // its consumers continue that trace; null when there was none (or for older rows).
  @Column({ type: 'varchar', length: 55, nullable: true })
  traceparent!: string | null;

  @Column({ type: 'varchar', length: 512, nullable: true })
  tracestate!: string | null;

  @Column({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt!: Date;

  @Column({ name: 'published_at', type: 'timestamptz', nullable: true })
  publishedAt!: Date | null;
}
