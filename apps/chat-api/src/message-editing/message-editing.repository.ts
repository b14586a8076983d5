import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { entityManagerOf, type UnitOfWork } from '@platform/database';
import { UserRole } from '../core/accounts/user.entity.js';
import { MessageFlag } from '../core/database/message-flags.js';
import type { EditHistoryEntry, MessageEntity } from '../messages/message.entity.js';
import type { FormerSubscriber } from './channel-move.js';
import type { PropagateMode } from './edit-request.js';

// A recipient's copy of the edited message.
export interface Copy {
  readonly userId: number;
  readonly flags: number;
}

// Who is mentioned by the new content, as the recipients' flags record it.
export interface MentionedUsers {
  readonly userIds: readonly number[];
  readonly streamWildcard: boolean;
  readonly topicWildcardUserIds: readonly number[];
}

// Where the messages go: the selected ids still in their old conversation and topic.
export interface TopicMove {
  readonly messageIds: readonly number[];
  readonly from: { readonly recipientId: number; readonly topicKey: string };
  readonly to: { readonly recipientId: number; readonly streamId: number; readonly topic: string };
  readonly entry: EditHistoryEntry;
  // Null for a resolution, which is not a move for last_moved_timestamp.
  readonly movedAt: Date | null;
  // This message's entry was already written with its content edit.
  readonly historyWrittenFor: number | null;
}

// Which messages of a topic an edit moves.
export interface MoveSelection {
  readonly recipientId: number;
  readonly topicKey: string;
  readonly targetId: number;
  readonly propagateMode: PropagateMode;
  // A channel with protected history: only the messages this user holds a copy of.
  readonly onlyCopiesOf: number | null;
}

const MENTION_BITS =
  MessageFlag.mentioned | MessageFlag.stream_wildcard_mentioned | MessageFlag.topic_wildcard_mentioned;

const PROPAGATION: Readonly<Record<PropagateMode, string>> = {
  change_one: 'm."id" = $3',
  change_later: 'm."id" >= $3',
  // Every message of the topic; the target's id is still bound, so it is mentioned.
  change_all: '$3::int IS NOT NULL',
};

// The copy condition for a user whose id is the query's parameter `$n`.
const holdsCopy = (n: number) =>
  `EXISTS (SELECT 1 FROM "chat"."user_message" um WHERE um."message_id" = m."id" AND um."user_id" = $${n})`;

@Injectable()
export class MessageEditingRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  // Locks the message for the edit (Zulip's access_message(lock_message=True)) and tells whether
  // it is still as the edit was prepared against: an edit committed in between changes its
  // history, topic or channel. False when it was deleted meanwhile.
  async lockUnchanged(unit: UnitOfWork, message: MessageEntity): Promise<boolean> {
    const [row] = (await entityManagerOf(unit).query(
      `SELECT "recipient_id" AS "recipientId", "topic", "content", "edit_history" AS "editHistory"
         FROM "chat"."message" WHERE "id" = $1 FOR UPDATE`,
      [message.id],
    )) as Array<Pick<MessageEntity, 'recipientId' | 'topic' | 'content' | 'editHistory'>>;
    return (
      row !== undefined &&
      row.recipientId === message.recipientId &&
      row.topic === message.topic &&
      row.content === message.content &&
      (row.editHistory?.length ?? 0) === (message.editHistory?.length ?? 0)
    );
  }

  // The new content with its HTML, and the edit at the head of the message's history.
  async editContent(
    unit: UnitOfWork,
    messageId: number,
    edit: { content: string; renderedContent: string; editedAt: Date; entry: EditHistoryEntry },
  ): Promise<void> {
    await entityManagerOf(unit).query(
      `UPDATE "chat"."message"
          SET "content" = $2, "rendered_content" = $3, "last_edit_time" = $4,
              "edit_history" = jsonb_build_array($5::jsonb) || COALESCE("edit_history", '[]'::jsonb)
        WHERE "id" = $1`,
      [messageId, edit.content, edit.renderedContent, edit.editedAt, JSON.stringify(edit.entry)],
    );
  }

  // Every copy's mention flags set anew from the new content, in one statement.
  async recomputeMentions(unit: UnitOfWork, messageId: number, mentions: MentionedUsers): Promise<void> {
    await entityManagerOf(unit).query(
      `UPDATE "chat"."user_message"
          SET "flags" = ("flags" & ~${MENTION_BITS})
                      | (CASE WHEN "user_id" = ANY($2::int[]) THEN ${MessageFlag.mentioned} ELSE 0 END)
                      | (CASE WHEN $3 THEN ${MessageFlag.stream_wildcard_mentioned} ELSE 0 END)
                      | (CASE WHEN "user_id" = ANY($4::int[]) THEN ${MessageFlag.topic_wildcard_mentioned} ELSE 0 END)
        WHERE "message_id" = $1`,
      [messageId, mentions.userIds, mentions.streamWildcard, mentions.topicWildcardUserIds],
    );
  }

  async copies(unit: UnitOfWork, messageId: number): Promise<Copy[]> {
    return (await entityManagerOf(unit).query(
      `SELECT "user_id" AS "userId", "flags" FROM "chat"."user_message" WHERE "message_id" = $1`,
      [messageId],
    )) as Copy[];
  }

  // The messages an edit moves (Zulip's update_messages_for_topic_edit selection), ascending.
  async selectMoved(selection: MoveSelection): Promise<Array<{ id: number; dateSent: Date }>> {
    return (await this.dataSource.query(
      `SELECT m."id", m."date_sent" AS "dateSent" FROM "chat"."message" m
        WHERE m."recipient_id" = $1 AND m."topic_key" = $2 AND ${PROPAGATION[selection.propagateMode]}
              ${selection.onlyCopiesOf === null ? '' : `AND ${holdsCopy(4)}`}
        ORDER BY m."id"`,
      [
        selection.recipientId,
        selection.topicKey,
        selection.targetId,
        ...(selection.onlyCopiesOf === null ? [] : [selection.onlyCopiesOf]),
      ],
    )) as Array<{ id: number; dateSent: Date }>;
  }

  // Whether the topic holds a message besides `excludedIds` that the user can see (any, when
  // `onlyCopiesOf` is null: the whole history is theirs to read).
  async topicHasOthers(
    recipientId: number,
    topicKey: string,
    excludedIds: readonly number[],
    onlyCopiesOf: number | null,
  ): Promise<boolean> {
    const rows = (await this.dataSource.query(
      `SELECT 1 FROM "chat"."message" m
        WHERE m."recipient_id" = $1 AND m."topic_key" = $2 AND NOT (m."id" = ANY($3::int[]))
              ${onlyCopiesOf === null ? '' : `AND ${holdsCopy(4)}`}
        LIMIT 1`,
      [recipientId, topicKey, excludedIds, ...(onlyCopiesOf === null ? [] : [onlyCopiesOf])],
    )) as unknown[];
    return rows.length > 0;
  }

  // Moves the selected messages still where they were, in one statement, each with the move at
  // the head of its history; answers the ids moved, ascending.
  async moveMessages(unit: UnitOfWork, move: TopicMove): Promise<number[]> {
    const rows = (await entityManagerOf(unit).query(
      `UPDATE "chat"."message" AS m
          SET "recipient_id" = $4, "stream_id" = $5, "topic" = $6::varchar, "topic_key" = lower($6::varchar),
              "last_moved_time" = COALESCE($7, m."last_moved_time"),
              "edit_history" = CASE WHEN m."id" = $9 THEN m."edit_history"
                                    ELSE jsonb_build_array($8::jsonb) || COALESCE(m."edit_history", '[]'::jsonb) END
        WHERE m."id" = ANY($1::int[]) AND m."recipient_id" = $2 AND m."topic_key" = $3
        RETURNING m."id"`,
      [
        move.messageIds,
        move.from.recipientId,
        move.from.topicKey,
        move.to.recipientId,
        move.to.streamId,
        move.to.topic,
        move.movedAt,
        JSON.stringify(move.entry),
        move.historyWrittenFor,
      ],
    )) as [Array<{ id: number }>, number];
    return rows[0].map((row) => row.id).sort((a, b) => a - b);
  }

  // The newest message of a channel topic, or null when it has none.
  async newestInTopic(
    unit: UnitOfWork,
    recipientId: number,
    topicKey: string,
  ): Promise<Pick<MessageEntity, 'id' | 'senderId' | 'content' | 'dateSent' | 'topicKey'> | null> {
    const [row] = (await entityManagerOf(unit).query(
      `SELECT "id", "sender_id" AS "senderId", "content", "date_sent" AS "dateSent", "topic_key" AS "topicKey"
         FROM "chat"."message" WHERE "recipient_id" = $1 AND "topic_key" = $2 ORDER BY "id" DESC LIMIT 1`,
      [recipientId, topicKey],
    )) as Array<Pick<MessageEntity, 'id' | 'senderId' | 'content' | 'dateSent' | 'topicKey'>>;
    return row ?? null;
  }

  // Everyone ever subscribed to the channel (former subscribers kept their copies).
  async everSubscribed(unit: UnitOfWork, streamId: number): Promise<FormerSubscriber[]> {
    return (await entityManagerOf(unit).query(
      `SELECT s."user_id" AS "userId", u."role" = $2 AS "guest"
         FROM "chat"."subscription" s JOIN "chat"."user_profile" u ON u."id" = s."user_id"
        WHERE s."stream_id" = $1 ORDER BY s."user_id"`,
      [streamId, UserRole.GUEST],
    )) as FormerSubscriber[];
  }

  // In one statement each: these users' copies of the messages go, and those users get read
  // copies (kept as they are where they exist).
  async changeCopies(
    unit: UnitOfWork,
    messageIds: readonly number[],
    changes: { readonly losing: readonly number[]; readonly gaining: readonly number[] },
  ): Promise<void> {
    const manager = entityManagerOf(unit);
    if (changes.losing.length > 0)
      await manager.query(
        `DELETE FROM "chat"."user_message" WHERE "message_id" = ANY($1::int[]) AND "user_id" = ANY($2::int[])`,
        [messageIds, changes.losing],
      );
    if (changes.gaining.length > 0)
      await manager.query(
        `INSERT INTO "chat"."user_message" ("user_id", "message_id", "flags")
         SELECT u, m, $3 FROM unnest($2::int[]) AS u CROSS JOIN unnest($1::int[]) AS m
         ON CONFLICT DO NOTHING`,
        [messageIds, changes.gaining, MessageFlag.read],
      );
  }
}
