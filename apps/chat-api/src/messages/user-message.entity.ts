import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

// One recipient's copy of a message: its flags as Zulip's bitmask (see message-flags.ts). The
// primary key (user_id, message_id) serves bulk flag changes; the partial index serves unread
// counts and first_unread.
//
// Bulk flag changes rewrite thousands of rows at a time. PostgreSQL rewrites a row in place
// (a HOT update: no new index entries) only when no indexed column changes and the page has
// room: so the unread index reads `unread`, a column derived from the read bit, rather than
// `flags` (starring or unstarring leaves it as it was), and the table keeps 20% of each page
// free (fillfactor 80, set by the migration unread-column: TypeORM does not model it).
@Entity({ name: 'user_message' })
@Index('user_message_unread_idx', ['userId', 'messageId'], { where: '"unread"' })
export class UserMessageEntity {
  @PrimaryColumn({ name: 'user_id', type: 'int' })
  userId!: number;

  @PrimaryColumn({ name: 'message_id', type: 'int' })
  messageId!: number;

  @Column({ type: 'int', default: 0 })
  flags!: number;

  // Queries for unread copies say `"unread"`, so the planner can use the partial index.
  @Column({
    type: 'boolean',
    generatedType: 'STORED',
    asExpression: '("flags" & 1) = 0',
    insert: false,
    update: false,
  })
  unread!: boolean;
}
