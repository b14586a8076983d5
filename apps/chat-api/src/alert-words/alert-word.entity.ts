import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

// A word or phrase whose appearance in a message flags it for its user (Zulip's AlertWord).
// Stored as typed; two words differing only in case are one word (checked when adding).
@Entity({ name: 'alert_word' })
@Index('alert_word_user_word_key', ['userId', 'word'], { unique: true })
export class AlertWordEntity {
  @PrimaryGeneratedColumn('identity', { type: 'int' })
  id!: number;

  @Column({ name: 'user_id', type: 'int' })
  userId!: number;

  @Column({ name: 'realm_id', type: 'int' })
  realmId!: number;

  @Column({ type: 'varchar', length: 100 })
  word!: string;
}
