import { Column, Entity, Index } from 'typeorm';
import { UserOwnedColumns } from '../core/database/user-owned.columns.js';

// A file a user uploaded (Zulip's Attachment): `userId` is its owner, `pathId` where the file
// store keeps it and the tail of its URL (`/user_uploads/{pathId}`), `fileName` the name the
// client gave (untrusted, shown only as text).
@Entity({ name: 'attachment' })
@Index('attachment_path_id_key', ['pathId'], { unique: true })
@Index('attachment_user_idx', ['realmId', 'userId', 'id'])
export class AttachmentEntity extends UserOwnedColumns {
  @Column({ name: 'path_id', type: 'varchar', length: 255 })
  pathId!: string;

  @Column({ name: 'file_name', type: 'text' })
  fileName!: string;

  @Column({ name: 'content_type', type: 'varchar', length: 255 })
  contentType!: string;

  @Column({ type: 'bigint' })
  size!: string;

  @Column({ name: 'create_time', type: 'timestamptz' })
  createTime!: Date;
}
