import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MessageFlag } from '../core/database/message-flags.js';

export interface UnreadRow {
  readonly id: number;
  readonly sender_id: number;
  readonly stream_id: number | null;
  readonly topic: string;
  readonly flags: number;
  readonly user_ids: number[];
  // A channel message the user has muted (Zulip's is_row_muted): its topic is muted, or its
  // channel is and the topic is not unmuted or followed.
  readonly muted: boolean;
}

export interface DirectConversationRow {
  readonly max: number;
  readonly user_ids: number[];
}

// Zulip's limits: the first 10,000 starred messages, conversations among the newest 1,000
// direct messages.
const MAX_STARRED = 10_000;
const RECENT_DIRECT_MESSAGES = 1_000;

// Zulip's MAX_UNREAD_MESSAGES: the newest ones are listed, and old_unreads_missing says when
// older ones were left out.
export const MAX_UNREAD_MESSAGES = 50_000;

// user_topic.visibility_policy of a muted topic (the user-topics feature's table); any other
// stored policy (unmuted, followed) unmutes a topic of a muted channel.
const TOPIC_MUTED = 1;

// What POST /register tells of the caller's messages (MessageStateProvider,
// ConversationStateProvider); max_message_id is UsersRepository.maxReceivedMessageId.
@Injectable()
export class MessageStateQuery {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  // The user's unread messages, newest first, at most MAX_UNREAD_MESSAGES.
  unreadMessages(userId: number): Promise<UnreadRow[]> {
    return this.dataSource.query(
      `SELECT m."id", m."sender_id", m."stream_id", m."topic", um."flags", r."user_ids",
              coalesce(ut."visibility_policy" = ${TOPIC_MUTED}
                OR (sub."is_muted" AND ut."visibility_policy" IS NULL), false) AS "muted"
           FROM "chat"."user_message" um
           JOIN "chat"."message" m ON m."id" = um."message_id"
           JOIN "chat"."recipient" r ON r."id" = m."recipient_id"
           LEFT JOIN "chat"."subscription" sub
             ON sub."user_id" = um."user_id" AND sub."stream_id" = m."stream_id" AND sub."active"
           LEFT JOIN "chat"."user_topic" ut ON ut."user_id" = um."user_id"
             AND ut."stream_id" = m."stream_id" AND ut."topic_key" = m."topic_key"
          WHERE um."user_id" = $1 AND um."unread"
          ORDER BY m."id" DESC LIMIT ${MAX_UNREAD_MESSAGES}`,
      [userId],
    ) as Promise<UnreadRow[]>;
  }

  // The ids of the user's starred messages, ascending.
  async starredMessageIds(userId: number): Promise<number[]> {
    const rows = (await this.dataSource.query(
      `SELECT "message_id" AS "id" FROM "chat"."user_message"
          WHERE "user_id" = $1 AND "flags" & ${MessageFlag.starred} <> 0
          ORDER BY "message_id" LIMIT ${MAX_STARRED}`,
      [userId],
    )) as Array<{ id: number }>;
    return rows.map((row) => row.id);
  }

  // The conversations of the user's recent direct messages, newest first: the newest message of
  // each and all its participants.
  recentDirectConversations(userId: number): Promise<DirectConversationRow[]> {
    return this.dataSource.query(
      `WITH recent AS (
           SELECT um."message_id" FROM "chat"."user_message" um
             JOIN "chat"."message" m ON m."id" = um."message_id"
            WHERE um."user_id" = $1 AND m."stream_id" IS NULL
            ORDER BY um."message_id" DESC LIMIT ${RECENT_DIRECT_MESSAGES})
         SELECT max(m."id") AS "max", r."user_ids"
           FROM recent JOIN "chat"."message" m ON m."id" = recent."message_id"
           JOIN "chat"."recipient" r ON r."id" = m."recipient_id"
          GROUP BY r."id", r."user_ids"
          ORDER BY max(m."id") DESC`,
      [userId],
    ) as Promise<DirectConversationRow[]>;
  }
}
