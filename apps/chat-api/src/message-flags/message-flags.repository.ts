import { Injectable } from '@nestjs/common';
import type { TransactionalOutbox } from '@platform/messaging';
import type { ChatEventV1, ChatTopics } from '@shared/contracts';
import { QueryFailedError } from 'typeorm';
import { entityManagerOf, type UnitOfWork } from '@platform/database';
import { chatEventClause } from '../core/events/chat-event.publisher.js';
import { MessageFlag } from '../core/database/message-flags.js';
import { RecipientType } from '../messages/recipient.entity.js';
import type { FlagChange } from './flag-rules.js';

// Raised by the function chat.require_held_copies (migration held-copies-guard).
const SOME_COPY_MISSING = 'CH001';

export interface BulkFlagOutcome {
  // Copies whose flag changed.
  readonly changed: number[];
  // Requested ids the user holds no copy of (and that were not skipped).
  readonly missing: number[];
  // Marking unread: channels the user is not subscribed to, and the requested ids in them.
  readonly ignoredChannels: number[];
  readonly skipped: number[];
}

export interface UnreadDetail {
  readonly message_id: number;
  readonly flags: number;
  readonly stream_id: number | null;
  readonly topic: string;
  readonly type: RecipientType;
  readonly user_ids: number[];
  readonly is_muted: boolean | null;
}

// The user's copies of messages and their flag bits (user_message, keyed (user_id, message_id)).
@Injectable()
export class MessageFlagsRepository {
  // One statement whatever the number of ids: the update, the ids it did not find, and — when
  // marking unread — the channels skipped because the user is not subscribed to them. Sized for
  // thousands of ids per call: the ids are joined as a set (`= ANY` of a long array costs the
  // planner a selectivity estimate per element, on every call), made distinct before they are
  // sent (so the planner knows their number, see distinctIds), held copies are looked for only
  // when some id did not change (usually every one did), and the id lists travel as JSON (a
  // PostgreSQL array is parsed element by element on both sides).
  async applyToHeldCopies(
    unit: UnitOfWork,
    realmId: number,
    userId: number,
    messageIds: readonly number[],
    change: FlagChange,
    skipUnsubscribed: boolean,
  ): Promise<BulkFlagOutcome> {
    const [row] = (await entityManagerOf(unit).query(
      `WITH "wanted" AS (SELECT w."id" FROM unnest($2::int[]) AS w("id")),
       "skipped" AS (
         SELECT m."id", m."stream_id" FROM "wanted" w JOIN "chat"."message" m ON m."id" = w."id"
         WHERE $5::boolean AND m."realm_id" = $6 AND m."stream_id" IS NOT NULL
           AND NOT EXISTS (SELECT 1 FROM "chat"."subscription" s
                           WHERE s."user_id" = $1 AND s."stream_id" = m."stream_id" AND s."active")),
       "changed" AS (
         UPDATE "chat"."user_message" um SET "flags" = (um."flags" & ~$3::int) | $4::int
         FROM "wanted" w
         WHERE um."user_id" = $1 AND um."message_id" = w."id" AND (um."flags" & $3::int) <> $4::int
           AND NOT EXISTS (SELECT 1 FROM "skipped" k WHERE k."id" = um."message_id")
         RETURNING um."message_id")
       SELECT
         COALESCE((SELECT to_json(array_agg(c."message_id" ORDER BY c."message_id")) FROM "changed" c), '[]') AS "changed",
         CASE WHEN (SELECT count(*) FROM "changed") = (SELECT count(*) FROM "wanted") THEN '[]'::json ELSE
           COALESCE((SELECT to_json(array_agg(w."id" ORDER BY w."id")) FROM "wanted" w
                     WHERE NOT EXISTS (SELECT 1 FROM "chat"."user_message" um
                                       WHERE um."user_id" = $1 AND um."message_id" = w."id")
                       AND NOT EXISTS (SELECT 1 FROM "skipped" k WHERE k."id" = w."id")), '[]')
         END AS "missing",
         COALESCE((SELECT to_json(array_agg(DISTINCT k."stream_id" ORDER BY k."stream_id")) FROM "skipped" k), '[]') AS "ignored",
         COALESCE((SELECT to_json(array_agg(k."id")) FROM "skipped" k), '[]') AS "skipped"`,
      [userId, distinctIds(messageIds), change.bit, change.target, skipUnsubscribed, realmId],
    )) as Array<{ changed: number[]; missing: number[]; ignored: number[]; skipped: number[] }>;
    return {
      changed: row!.changed,
      missing: row!.missing,
      ignoredChannels: row!.ignored,
      skipped: row!.skipped,
    };
  }

  // The usual case in one statement that commits by itself, event included: when the user holds
  // a copy of every message, the copies change and `event` is stored; when some copy is missing
  // (a historical copy to make, or an id to refuse) nothing is written and the answer is null.
  // Saves the transaction's three other round trips (BEGIN, the event's INSERT, COMMIT).
  //
  // The update goes first and the check after it: when every requested copy changed (starring
  // unstarred messages, reading unread ones) the count of changed rows proves them all held, and
  // only otherwise are the unchanged ids looked up. Checking first would read every copy twice
  // (a third of the statement's time at 1,000 ids). A failed check makes require_held_copies
  // raise, which undoes the whole statement, update and event alike.
  async applyWhenAllHeld(
    outbox: TransactionalOutbox<ChatTopics>,
    userId: number,
    messageIds: readonly number[],
    change: FlagChange,
    event: ChatEventV1,
  ): Promise<number[] | null> {
    try {
      const [row] = await outbox.statement<{ changed: number[] }>(
        [userId, distinctIds(messageIds), change.bit, change.target],
        (clause) =>
          `WITH "wanted" AS (SELECT w."id" FROM unnest($2::int[]) AS w("id")),
           "changed" AS (
             UPDATE "chat"."user_message" um SET "flags" = (um."flags" & ~$3::int) | $4::int
             FROM "wanted" w
             WHERE um."user_id" = $1 AND um."message_id" = w."id" AND (um."flags" & $3::int) <> $4::int
             RETURNING um."message_id"),
           "held" AS (
             SELECT CASE WHEN (SELECT count(*) FROM "changed") = cardinality($2::int[]) THEN true
               ELSE NOT EXISTS (SELECT 1 FROM "wanted" w
                                WHERE NOT EXISTS (SELECT 1 FROM "chat"."user_message" um
                                                  WHERE um."user_id" = $1 AND um."message_id" = w."id"))
             END AS "all"),
           "event" AS (${chatEventClause(clause, event, 'true')})
           SELECT "chat"."require_held_copies"((SELECT "all" FROM "held")),
             COALESCE((SELECT to_json(array_agg(c."message_id" ORDER BY c."message_id")) FROM "changed" c), '[]') AS "changed"`,
      );
      return row!.changed;
    } catch (error) {
      if (
        error instanceof QueryFailedError &&
        (error.driverError as { code?: string }).code === SOME_COPY_MISSING
      )
        return null;
      throw error;
    }
  }

  // The channel of each of these messages of the realm (null for direct messages).
  async channelsOf(unit: UnitOfWork, realmId: number, messageIds: readonly number[]) {
    return (await entityManagerOf(unit).query(
      'SELECT "id", "stream_id" FROM "chat"."message" WHERE "realm_id" = $1 AND "id" = ANY($2::int[])',
      [realmId, messageIds],
    )) as Array<{ id: number; stream_id: number | null }>;
  }

  // Zulip's historical copies: a message the user may read but never received (a public
  // channel's history) gets a row flagged historical (and read) so the flag has somewhere to live.
  async insertHistorical(
    unit: UnitOfWork,
    userId: number,
    messageIds: readonly number[],
    change: FlagChange,
  ): Promise<void> {
    const flags = ((MessageFlag.historical | MessageFlag.read) & ~change.bit) | change.target;
    await entityManagerOf(unit).query(
      `INSERT INTO "chat"."user_message" ("user_id", "message_id", "flags")
       SELECT $1, m."id", $3 FROM unnest($2::int[]) AS m("id")
       ON CONFLICT ("user_id", "message_id")
       DO UPDATE SET "flags" = ("chat"."user_message"."flags" & ~$4::int) | $5::int`,
      [userId, messageIds, flags, change.bit, change.target],
    );
  }

  // What clients need to put messages back in their unread counts.
  async unreadDetails(unit: UnitOfWork, userId: number, messageIds: readonly number[]) {
    return (await entityManagerOf(unit).query(
      `SELECT um."message_id", um."flags", m."stream_id", m."topic", r."type", r."user_ids", s."is_muted"
       FROM "chat"."user_message" um
       JOIN "chat"."message" m ON m."id" = um."message_id"
       JOIN "chat"."recipient" r ON r."id" = m."recipient_id"
       LEFT JOIN "chat"."subscription" s ON s."user_id" = um."user_id" AND s."stream_id" = m."stream_id"
       WHERE um."user_id" = $1 AND um."message_id" = ANY($2::int[]) AND um."unread"
       ORDER BY um."message_id"`,
      [userId, messageIds],
    )) as UnreadDetail[];
  }
}

// The requested ids without repeats, as an int[] parameter in PostgreSQL's array text, built
// at once: the driver would otherwise serialize (and escape) a JavaScript array one element at a
// time. Made distinct here rather than in SQL: the planner then knows how many rows `unnest`
// gives, and picks hash joins for thousands (the output of a DISTINCT is guessed at 200 rows,
// which chose nested loops).
function distinctIds(ids: readonly number[]): string {
  return `{${[...new Set(ids)].join(',')}}`;
}
