import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

// One HTTP attempt of a delivery. Only a short, truncated snippet of the response is kept.
@Entity({ name: 'webhook_attempt' })
@Index('webhook_attempt_delivery_idx', ['deliveryId', 'startedAt'])
export class WebhookAttemptEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'delivery_id', type: 'uuid' })
  deliveryId!: string;

  @Column({ name: 'started_at', type: 'timestamptz' })
  startedAt!: Date;

  @Column({ name: 'duration_ms', type: 'int' })
  durationMs!: number;

  @Column({ type: 'varchar', length: 24 })
  outcome!: string;

  @Column({ name: 'status_code', type: 'int', nullable: true })
  statusCode!: number | null;

  @Column({ name: 'response_snippet', type: 'varchar', length: 200, nullable: true })
  responseSnippet!: string | null;
}
