import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { OutgoingWebhookTriggerV1 } from '@shared/contracts';
import type { AnswerOutcome } from './outgoing-webhook-answer.js';

// How a bot's call ended, waiting for its answer (the bot's reply, Zulip's failure messages) to be
// posted. The row is deleted in the transaction that posts them, so they are posted once.
@Entity({ name: 'outgoing_webhook_answer' })
export class OutgoingWebhookAnswerEntity {
  @PrimaryColumn({ name: 'request_id', type: 'varchar', length: 200 })
  requestId!: string;

  @Column({ type: 'jsonb' })
  trigger!: OutgoingWebhookTriggerV1;

  @Column({ type: 'jsonb' })
  outcome!: AnswerOutcome;

  @Column({ name: 'leased_until', type: 'timestamptz', nullable: true })
  leasedUntil!: Date | null;
}
