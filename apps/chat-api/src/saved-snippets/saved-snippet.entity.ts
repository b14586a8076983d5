import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

// A user's reusable Markdown text (Zulip's SavedSnippet), private to its owner.
@Entity({ name: 'saved_snippet' })
@Index('saved_snippet_user_idx', ['realmId', 'userId', 'id'])
export class SavedSnippetEntity {
  @PrimaryGeneratedColumn('identity', { type: 'int' })
  id!: number;

  @Column({ name: 'realm_id', type: 'int' })
  realmId!: number;

  @Column({ name: 'user_id', type: 'int' })
  userId!: number;

  @Column({ type: 'varchar', length: 60 })
  title!: string;

  @Column({ type: 'text' })
  content!: string;

  @Column({ name: 'date_created', type: 'timestamptz' })
  dateCreated!: Date;
}
