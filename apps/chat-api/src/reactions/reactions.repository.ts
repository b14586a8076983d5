import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { entityManagerOf, type UnitOfWork } from '@platform/database';
import { ReactionEntity, type ReactionType } from './reaction.entity.js';

// A reaction's identity on a message besides its user. The type is the request's text: a row
// is only written once it has been checked.
export interface ReactionKey {
  readonly messageId: number;
  readonly emojiCode: string;
  readonly reactionType: string;
}

export interface NewReaction extends ReactionKey {
  readonly realmId: number;
  readonly userId: number;
  readonly emojiName: string;
}

@Injectable()
export class ReactionsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  // Every reaction of these messages in one query, each message's oldest first.
  async reactionsFor(messageIds: readonly number[]): Promise<Map<number, ReactionEntity[]>> {
    const byMessage = new Map<number, ReactionEntity[]>();
    if (messageIds.length === 0) return byMessage;
    const rows = await this.dataSource
      .getRepository(ReactionEntity)
      .find({ where: { messageId: In([...messageIds]) }, order: { id: 'ASC' } });
    for (const row of rows) byMessage.set(row.messageId, [...(byMessage.get(row.messageId) ?? []), row]);
    return byMessage;
  }

  // The earliest reaction anyone made with this emoji: a new one counts as a vote for it.
  findVote(unit: UnitOfWork, key: ReactionKey): Promise<ReactionEntity | null> {
    return entityManagerOf(unit)
      .getRepository(ReactionEntity)
      .findOne({
        where: {
          messageId: key.messageId,
          emojiCode: key.emojiCode,
          reactionType: key.reactionType as ReactionType,
        },
        order: { id: 'ASC' },
      });
  }

  hasReacted(unit: UnitOfWork, userId: number, key: ReactionKey): Promise<boolean> {
    return entityManagerOf(unit)
      .getRepository(ReactionEntity)
      .exists({
        where: {
          userId,
          messageId: key.messageId,
          emojiCode: key.emojiCode,
          reactionType: key.reactionType as ReactionType,
        },
      });
  }

  // False when the user already reacted so (the unique index decides).
  async insert(unit: UnitOfWork, reaction: NewReaction): Promise<boolean> {
    const rows = (await entityManagerOf(unit).query(
      `INSERT INTO "chat"."reaction" ("realm_id", "message_id", "user_id", "emoji_name", "emoji_code", "reaction_type")
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING "id"`,
      [
        reaction.realmId,
        reaction.messageId,
        reaction.userId,
        reaction.emojiName,
        reaction.emojiCode,
        reaction.reactionType,
      ],
    )) as unknown[];
    return rows.length === 1;
  }

  // The removed reaction, or null when the user had none so.
  async delete(unit: UnitOfWork, userId: number, key: ReactionKey): Promise<ReactionEntity | null> {
    const [rows] = (await entityManagerOf(unit).query(
      `DELETE FROM "chat"."reaction"
       WHERE "user_id" = $1 AND "message_id" = $2 AND "emoji_code" = $3 AND "reaction_type" = $4
       RETURNING "emoji_name", "emoji_code", "reaction_type"`,
      [userId, key.messageId, key.emojiCode, key.reactionType],
    )) as [Array<{ emoji_name: string; emoji_code: string; reaction_type: ReactionType }>, number];
    const row = rows[0];
    if (!row) return null;
    return Object.assign(new ReactionEntity(), {
      messageId: key.messageId,
      userId,
      emojiName: row.emoji_name,
      emojiCode: row.emoji_code,
      reactionType: row.reaction_type,
    });
  }
}
