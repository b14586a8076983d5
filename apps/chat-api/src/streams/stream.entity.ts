import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

// A channel. Private channels (`inviteOnly`) either share their whole history with subscribers
// or protect it (`historyPublicToSubscribers` false: a subscriber sees only what arrived while
// subscribed).
@Entity({ name: 'stream' })
@Index('stream_realm_name_key', ['realmId', 'nameKey'], { unique: true })
export class StreamEntity {
  @PrimaryGeneratedColumn('identity', { type: 'int' })
  id!: number;

  @Column({ name: 'realm_id', type: 'int' })
  realmId!: number;

  @Column({ type: 'varchar', length: 60 })
  name!: string;

  @Column({ name: 'name_key', type: 'varchar', length: 60 })
  nameKey!: string;

  @Column({ type: 'varchar', length: 1024, default: '' })
  description!: string;

  @Column({ name: 'invite_only', type: 'boolean', default: false })
  inviteOnly!: boolean;

  @Column({ name: 'history_public_to_subscribers', type: 'boolean', default: true })
  historyPublicToSubscribers!: boolean;

  @Column({ name: 'is_archived', type: 'boolean', default: false })
  isArchived!: boolean;

  @Column({ name: 'creator_id', type: 'int', nullable: true })
  creatorId!: number | null;

  @Column({ name: 'recipient_id', type: 'int' })
  recipientId!: number;

  @Column({ name: 'date_created', type: 'timestamptz' })
  dateCreated!: Date;

  // The channel folder it is shown in (channel-folders/), or none.
  @Column({ name: 'folder_id', type: 'int', nullable: true })
  folderId!: number | null;
}
