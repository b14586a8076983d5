import { Column, Entity, PrimaryColumn } from 'typeorm';

// A notification a user's phones show (Zulip's active_mobile_push_notification flag): once the
// message is read (or gone), a removal notice is sent and the row deleted.
@Entity({ name: 'push_notice' })
export class PushNoticeEntity {
  @PrimaryColumn({ name: 'user_id', type: 'int' })
  userId!: number;

  @PrimaryColumn({ name: 'message_id', type: 'int' })
  messageId!: number;

  @Column({ name: 'realm_id', type: 'int' })
  realmId!: number;
}
