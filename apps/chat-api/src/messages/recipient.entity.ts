import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export enum RecipientType {
  DIRECT = 1,
  STREAM = 2,
}

// Where a message goes: one channel, or one set of users (a direct conversation, its sorted
// member ids in `userIds` and `conversationKey`), as Zulip's Recipient rows.
@Entity({ name: 'recipient' })
@Index('recipient_conversation_key', ['realmId', 'conversationKey'], { unique: true })
export class RecipientEntity {
  @PrimaryGeneratedColumn('identity', { type: 'int' })
  id!: number;

  @Column({ name: 'realm_id', type: 'int' })
  realmId!: number;

  @Column({ type: 'smallint' })
  type!: RecipientType;

  // `stream:<id>` or `dm:<id>,<id>,…`.
  @Column({ name: 'conversation_key', type: 'varchar', length: 2000 })
  conversationKey!: string;

  @Column({ name: 'user_ids', type: 'int', array: true, default: '{}' })
  userIds!: number[];
}
