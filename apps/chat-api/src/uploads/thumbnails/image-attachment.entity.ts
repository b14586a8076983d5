import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { StoredThumbnail } from '../../markdown/thumbnail-formats.js';

// An upload the server read as an image (Zulip's ImageAttachment): its dimensions as shown
// (after EXIF orientation), its frame count, and the thumbnails made so far. It is also the
// thumbnailing queue: a row with no thumbnail yet whose claim has lapsed is (re)made by whichever
// replica claims it, so an upload whose worker died is thumbnailed all the same.
@Entity({ name: 'image_attachment' })
@Index('image_attachment_path_id_key', ['pathId'], { unique: true })
@Index('image_attachment_pending_idx', ['id'], { where: `"thumbnail_metadata" = '[]'::jsonb` })
export class ImageAttachmentEntity {
  @PrimaryGeneratedColumn('identity', { type: 'int' })
  id!: number;

  @Column({ name: 'realm_id', type: 'int' })
  realmId!: number;

  @Column({ name: 'path_id', type: 'varchar', length: 255 })
  pathId!: string;

  @Column({ name: 'original_width_px', type: 'int' })
  originalWidthPx!: number;

  @Column({ name: 'original_height_px', type: 'int' })
  originalHeightPx!: number;

  @Column({ type: 'int' })
  frames!: number;

  @Column({ name: 'thumbnail_metadata', type: 'jsonb' })
  thumbnailMetadata!: StoredThumbnail[];

  @Column({ name: 'content_type', type: 'varchar', length: 255 })
  contentType!: string;

  // The thumbnailing claim: until when a worker holds the row, and how many times it was taken.
  @Column({ name: 'claimed_until', type: 'timestamptz', nullable: true })
  claimedUntil!: Date | null;

  @Column({ type: 'int', default: 0 })
  attempts!: number;
}
