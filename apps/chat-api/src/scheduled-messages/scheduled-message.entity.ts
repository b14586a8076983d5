import { Column, Entity, Index } from 'typeorm';
import { MessageContentColumns } from '../messages/message-content.columns.js';

// What the delivery worker sends later (Zulip's ScheduledMessage): a message the user scheduled,
// or a reminder the Notification Bot sends them about a message.
export enum DeliveryType {
  SEND_LATER = 1,
  REMIND = 2,
}

@Entity({ name: 'scheduled_message' })
@Index('scheduled_message_owner_idx', ['realmId', 'senderId', 'deliveryType', 'id'])
// The worker's queue: pending rows by due time.
@Index('scheduled_message_due_idx', ['scheduledAt', 'id'], { where: 'NOT "delivered" AND NOT "failed"' })
export class ScheduledMessageEntity extends MessageContentColumns {
  @Column({ name: 'delivery_type', type: 'smallint' })
  deliveryType!: DeliveryType;

  // Channel messages have a stream (MessageContentColumns); direct messages list their recipients
  // (the sender excluded).
  @Column({ name: 'recipient_ids', type: 'int', array: true, default: '{}' })
  recipientIds!: number[];

  @Column({ type: 'varchar', length: 60, default: '' })
  topic!: string;

  @Column({ name: 'read_by_sender', type: 'boolean' })
  readBySender!: boolean;

  @Column({ name: 'scheduled_at', type: 'timestamptz' })
  scheduledAt!: Date;

  @Column({ type: 'boolean', default: false })
  delivered!: boolean;

  @Column({ name: 'delivered_message_id', type: 'int', nullable: true })
  deliveredMessageId!: number | null;

  @Column({ type: 'boolean', default: false })
  failed!: boolean;

  @Column({ name: 'failure_message', type: 'text', nullable: true })
  failureMessage!: string | null;

  // A worker's claim: another replica takes the row only once this has passed.
  @Column({ name: 'claimed_until', type: 'timestamptz', nullable: true })
  claimedUntil!: Date | null;

  @Column({ name: 'reminder_target_message_id', type: 'int', nullable: true })
  reminderTargetMessageId!: number | null;

  @Column({ name: 'reminder_note', type: 'text', nullable: true })
  reminderNote!: string | null;
}
