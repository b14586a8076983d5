import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { OutgoingWebhookRequestedV1 } from '@shared/contracts';

// A chat bot's outgoing-webhook call still to be made (or retried). The row is the work queue:
// it survives a restart, and it is deleted in the transaction that publishes how the call ended,
// so each request is answered once.
@Entity({ name: 'outgoing_webhook_call' })
@Index('outgoing_webhook_call_due_idx', ['nextAttemptAt'])
export class OutgoingWebhookCallEntity {
  @PrimaryColumn({ name: 'request_id', type: 'varchar', length: 200 })
  requestId!: string;

  @Column({ type: 'jsonb' })
  request!: OutgoingWebhookRequestedV1;

  // Attempts started so far (a claim counts one, so a worker dying mid-call uses it up).
  @Column({ name: 'attempt_count', type: 'int', default: 0 })
  attemptCount!: number;

  @Column({ name: 'next_attempt_at', type: 'timestamptz' })
  nextAttemptAt!: Date;

  @Column({ name: 'leased_until', type: 'timestamptz', nullable: true })
  leasedUntil!: Date | null;
}
