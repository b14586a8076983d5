import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export const MAX_CHANNEL_FOLDER_NAME_LENGTH = 100;
export const MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH = 1024;

// A named group of channels an organization shows together (Zulip's ChannelFolder). Names are
// unique within a realm whatever their case; archived folders are kept, and still ordered.
@Entity({ name: 'channel_folder' })
@Index('channel_folder_realm_idx', ['realmId', 'order'])
export class ChannelFolderEntity {
  @PrimaryGeneratedColumn('identity', { type: 'int' })
  id!: number;

  @Column({ name: 'realm_id', type: 'int' })
  realmId!: number;

  @Column({ type: 'varchar', length: MAX_CHANNEL_FOLDER_NAME_LENGTH })
  name!: string;

  @Column({ type: 'varchar', length: MAX_CHANNEL_FOLDER_DESCRIPTION_LENGTH, default: '' })
  description!: string;

  @Column({ name: 'rendered_description', type: 'text', default: '' })
  renderedDescription!: string;

  @Column({ name: 'creator_id', type: 'int', nullable: true })
  creatorId!: number | null;

  @Column({ name: 'date_created', type: 'timestamptz' })
  dateCreated!: Date;

  @Column({ name: 'is_archived', type: 'boolean', default: false })
  isArchived!: boolean;

  // 0-based display position (PATCH /channel_folders); a new folder takes its id, so it sorts last.
  @Column({ type: 'int', default: 0 })
  order!: number;
}
