import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export type ReactionType = 'unicode_emoji' | 'realm_emoji' | 'zulip_extra_emoji';

// One user's emoji reaction to a message (Zulip's Reaction). A user reacts once per emoji: the
// unique index makes a second identical reaction fail, however concurrent. The id orders a
// message's reactions oldest first, as Zulip lists them.
@Entity({ name: 'reaction' })
@Index('reaction_message_idx', ['messageId'])
@Index('reaction_user_emoji_uniq', ['userId', 'messageId', 'reactionType', 'emojiCode'], { unique: true })
export class ReactionEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id!: number;

  @Column({ name: 'realm_id', type: 'int' })
  realmId!: number;

  @Column({ name: 'message_id', type: 'int' })
  messageId!: number;

  @Column({ name: 'user_id', type: 'int' })
  userId!: number;

  @Column({ name: 'emoji_name', type: 'text' })
  emojiName!: string;

  @Column({ name: 'emoji_code', type: 'text' })
  emojiCode!: string;

  @Column({ name: 'reaction_type', type: 'varchar', length: 30 })
  reactionType!: ReactionType;
}
