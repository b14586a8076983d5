import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

// One recipient's copy of a message: its flags as Zulip's bitmask (see message-flags.ts). The
// primary key (user_id, message_id) serves `UPDATE … WHERE user_id = $1 AND message_id =
// ANY($2)` for bulk flag changes; the partial index serves unread counts and first_unread.
@Entity({ name: 'user_message' })
@Index('user_message_unread_idx', ['userId', 'messageId'], { where: '("flags" & 1) = 0' })
export class UserMessageEntity {
  @PrimaryColumn({ name: 'user_id', type: 'int' })
  userId!: number;

  @PrimaryColumn({ name: 'message_id', type: 'int' })
  messageId!: number;

  @Column({ type: 'int', default: 0 })
  flags!: number;
}
