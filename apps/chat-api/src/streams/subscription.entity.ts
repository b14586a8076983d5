import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

// A user's membership of a channel; unsubscribing keeps the row with `active` false.
@Entity({ name: 'subscription' })
@Index('subscription_stream_idx', ['streamId', 'active'])
export class SubscriptionEntity {
  @PrimaryColumn({ name: 'user_id', type: 'int' })
  userId!: number;

  @PrimaryColumn({ name: 'stream_id', type: 'int' })
  streamId!: number;

  @Column({ name: 'realm_id', type: 'int' })
  realmId!: number;

  @Column({ type: 'boolean', default: true })
  active!: boolean;

  @Column({ type: 'varchar', length: 10 })
  color!: string;

  @Column({ name: 'is_muted', type: 'boolean', default: false })
  isMuted!: boolean;

  @Column({ name: 'pin_to_top', type: 'boolean', default: false })
  pinToTop!: boolean;

  // The per-channel notification settings; null inherits the user's default (Zulip's meaning).
  @Column({ name: 'desktop_notifications', type: 'boolean', nullable: true })
  desktopNotifications?: boolean | null;

  @Column({ name: 'audible_notifications', type: 'boolean', nullable: true })
  audibleNotifications?: boolean | null;

  @Column({ name: 'push_notifications', type: 'boolean', nullable: true })
  pushNotifications?: boolean | null;

  @Column({ name: 'email_notifications', type: 'boolean', nullable: true })
  emailNotifications?: boolean | null;

  @Column({ name: 'wildcard_mentions_notify', type: 'boolean', nullable: true })
  wildcardMentionsNotify?: boolean | null;
}
