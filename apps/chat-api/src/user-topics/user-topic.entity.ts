import { Column, Entity, Index } from 'typeorm';
import { UserOwnedColumns } from '../core/database/user-owned.columns.js';

// Zulip's UserTopic.VisibilityPolicy. INHERIT is never stored: it removes the row.
export const VisibilityPolicy = { INHERIT: 0, MUTED: 1, UNMUTED: 2, FOLLOWED: 3 } as const;
export type VisibilityPolicy = (typeof VisibilityPolicy)[keyof typeof VisibilityPolicy];

// A user's visibility policy for one topic of a channel (Zulip's UserTopic). Topics are one
// whatever their case: `topic_key` is the lower-cased name, as message.topic_key, so unread
// counts join on it.
@Entity({ name: 'user_topic' })
@Index('user_topic_user_stream_topic_key', ['userId', 'streamId', 'topicKey'], { unique: true })
export class UserTopicEntity extends UserOwnedColumns {
  @Column({ name: 'stream_id', type: 'int' })
  streamId!: number;

  @Column({ name: 'topic_name', type: 'varchar', length: 60 })
  topicName!: string;

  @Column({ name: 'topic_key', type: 'varchar', length: 60 })
  topicKey!: string;

  @Column({ name: 'visibility_policy', type: 'smallint' })
  visibilityPolicy!: number;

  @Column({ name: 'last_updated', type: 'timestamptz' })
  lastUpdated!: Date;
}
