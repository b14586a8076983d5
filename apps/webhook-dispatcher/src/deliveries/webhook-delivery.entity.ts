import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

export enum DeliveryStatus {
  PENDING = 'PENDING',
  DELIVERED = 'DELIVERED',
  DEAD = 'DEAD',
}

// One event for one endpoint; its id is the Webhook-Id every attempt carries. The body is kept
// as the exact text that is signed, so every attempt sends the same bytes.
@Entity({ name: 'webhook_delivery' })
@Index('webhook_delivery_event_uq', ['endpointId', 'eventId'], { unique: true })
@Index('webhook_delivery_partner_idx', ['partnerId', 'createdAt'])
@Index('webhook_delivery_order_idx', ['endpointId', 'transactionId', 'sequence'])
@Index('webhook_delivery_due_idx', ['nextAttemptAt'], { where: `"status" = 'PENDING'` })
export class WebhookDeliveryEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'partner_id', type: 'uuid' })
  partnerId!: string;

  @Column({ name: 'endpoint_id', type: 'uuid' })
  endpointId!: string;

  // The bus event it came from (or the test request): at most one delivery per event.
  @Column({ name: 'event_id', type: 'varchar', length: 200 })
  eventId!: string;

  @Column({ name: 'event_type', type: 'varchar', length: 40 })
  eventType!: string;

  // Null for test events, which are not ordered.
  @Column({ name: 'transaction_id', type: 'uuid', nullable: true })
  transactionId!: string | null;

  @Column({ type: 'int', nullable: true })
  sequence!: number | null;

  @Column({ type: 'text' })
  body!: string;

  @Column({ type: 'varchar', length: 12 })
  status!: DeliveryStatus;

  @Column({ name: 'attempt_count', type: 'int', default: 0 })
  attemptCount!: number;

  @Column({ name: 'next_attempt_at', type: 'timestamptz', nullable: true })
  nextAttemptAt!: Date | null;

  // Set while a worker is attempting it; a worker that died frees it when the lease runs out.
  @Column({ name: 'lease_token', type: 'uuid', nullable: true })
  leaseToken!: string | null;

  @Column({ name: 'leased_until', type: 'timestamptz', nullable: true })
  leasedUntil!: Date | null;

  // Start of the retry window (the first attempt, or the last redelivery request).
  @Column({ name: 'retry_window_started_at', type: 'timestamptz', nullable: true })
  retryWindowStartedAt!: Date | null;

  @Column({ name: 'last_attempt_at', type: 'timestamptz', nullable: true })
  lastAttemptAt!: Date | null;

  @Column({ name: 'last_status_code', type: 'int', nullable: true })
  lastStatusCode!: number | null;

  @Column({ name: 'last_outcome', type: 'varchar', length: 24, nullable: true })
  lastOutcome!: string | null;

  @Column({ name: 'delivered_at', type: 'timestamptz', nullable: true })
  deliveredAt!: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  // The W3C traceparent of the work that made it (the transaction event's consumer, a test
  // request): every attempt, retries included, runs in that trace, so a payout's webhooks are
  // in the payout's trace. Null for deliveries made before it was kept, or with tracing off.
  @Column({ type: 'varchar', length: 55, nullable: true })
  traceparent!: string | null;
}
