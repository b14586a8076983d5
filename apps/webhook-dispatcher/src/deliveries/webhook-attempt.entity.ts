import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

// One HTTP attempt of a delivery: what was sent (its headers; the body is the delivery's) and a
// bounded excerpt of what came back, so support can read an attempt without the receiver's logs.
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

  // The headers sent, without the secret (X-Service-Webhook-Secret): the partner checks the
  // signature with these. Null for attempts made before they were kept.
  @Column({ name: 'request_headers', type: 'jsonb', nullable: true })
  requestHeaders!: Record<string, string> | null;

  // The first RESPONSE_EXCERPT_BYTES of the response body as text (null: none, or not kept then).
  @Column({ name: 'response_excerpt', type: 'text', nullable: true })
  responseExcerpt!: string | null;
}
