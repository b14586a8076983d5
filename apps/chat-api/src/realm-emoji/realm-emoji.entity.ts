import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

// A realm's custom emoji (Zulip's RealmEmoji). Deactivating keeps the row (messages and
// reactions still name it), so a name is unique among a realm's active emoji only. The image
// is stored under the emoji's file name, given once the row has its id.
@Entity({ name: 'realm_emoji' })
@Index('realm_emoji_active_name_key', ['realmId', 'name'], { unique: true, where: '"deactivated" = false' })
export class RealmEmojiEntity {
  @PrimaryGeneratedColumn('identity', { type: 'int' })
  id!: number;

  @Column({ name: 'realm_id', type: 'int' })
  realmId!: number;

  @Column({ type: 'text' })
  name!: string;

  @Column({ name: 'author_id', type: 'int', nullable: true })
  authorId!: number | null;

  @Column({ name: 'file_name', type: 'text' })
  fileName!: string;

  @Column({ name: 'is_animated', type: 'boolean', default: false })
  isAnimated!: boolean;

  @Column({ type: 'boolean', default: false })
  deactivated!: boolean;
}
