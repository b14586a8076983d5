import { Injectable } from '@nestjs/common';
import { entityManagerOf, type UnitOfWork } from '@platform/database';
import { MessageFlag } from '../core/database/message-flags.js';

// Marking a user's unread copies read in bulk (the mark-as-read routes), through the partial
// unread index.
@Injectable()
export class MarkReadRepository {
  // The oldest `limit` unread copies, locked, then read; answers how many.
  async markOldestRead(unit: UnitOfWork, userId: number, limit: number): Promise<number> {
    const [row] = (await entityManagerOf(unit).query(
      `WITH "batch" AS (
         SELECT "message_id" FROM "chat"."user_message" WHERE "user_id" = $1 AND "unread"
         ORDER BY "message_id" LIMIT $2 FOR UPDATE),
       "changed" AS (
         UPDATE "chat"."user_message" um SET "flags" = um."flags" | ${MessageFlag.read}
         FROM "batch" b WHERE um."user_id" = $1 AND um."message_id" = b."message_id"
         RETURNING 1)
       SELECT count(*)::int AS "count" FROM "changed"`,
      [userId, limit],
    )) as Array<{ count: number }>;
    return row!.count;
  }

  // The unread copies of one channel (of one topic, whatever its case, when given) made read;
  // answers their ids, ascending. (A statement that only updates answers TypeORM's
  // [rows, count]: the update is a CTE read by a SELECT.)
  async markConversationRead(
    unit: UnitOfWork,
    userId: number,
    recipientId: number,
    topic: string | null,
  ): Promise<number[]> {
    const rows = (await entityManagerOf(unit).query(
      `WITH "changed" AS (
         UPDATE "chat"."user_message" um SET "flags" = um."flags" | ${MessageFlag.read}
         FROM "chat"."message" m
         WHERE um."user_id" = $1 AND um."unread" AND m."id" = um."message_id"
           AND m."recipient_id" = $2 AND ($3::varchar IS NULL OR m."topic_key" = $3::varchar)
         RETURNING um."message_id")
       SELECT "message_id" FROM "changed" ORDER BY "message_id"`,
      [userId, recipientId, topic?.toLowerCase() ?? null],
    )) as Array<{ message_id: number }>;
    return rows.map((row) => row.message_id);
  }

  // Zulip's user_message_exists_for_topic: the user holds a copy of a message in the topic.
  async holdsTopic(unit: UnitOfWork, userId: number, recipientId: number, topic: string): Promise<boolean> {
    const rows = (await entityManagerOf(unit).query(
      `SELECT 1 FROM "chat"."user_message" um JOIN "chat"."message" m ON m."id" = um."message_id"
       WHERE um."user_id" = $1 AND m."recipient_id" = $2 AND m."topic_key" = $3 LIMIT 1`,
      [userId, recipientId, topic.toLowerCase()],
    )) as unknown[];
    return rows.length > 0;
  }
}
