import { Column, Entity, Index } from 'typeorm';
import { UserOwnedColumns } from '../core/database/user-owned.columns.js';

// A user's reusable Markdown text (Zulip's SavedSnippet), private to its owner.
@Entity({ name: 'saved_snippet' })
@Index('saved_snippet_user_idx', ['realmId', 'userId', 'id'])
export class SavedSnippetEntity extends UserOwnedColumns {
  @Column({ type: 'varchar', length: 60 })
  title!: string;

  @Column({ type: 'text' })
  content!: string;

  @Column({ name: 'date_created', type: 'timestamptz' })
  dateCreated!: Date;
}
