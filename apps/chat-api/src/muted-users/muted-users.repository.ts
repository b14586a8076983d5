import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { entityManagerOf, type UnitOfWork } from '@platform/database';
import { MessageFlag } from '../core/database/message-flags.js';
import { MutedUserEntity } from './muted-user.entity.js';

@Injectable()
export class MutedUsersRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  // False when the mute already exists (the primary key decides, so concurrent mutes agree).
  async insert(unit: UnitOfWork, mute: MutedUserEntity): Promise<boolean> {
    const rows = (await entityManagerOf(unit).query(
      `INSERT INTO "chat"."muted_user" ("user_id", "muted_user_id", "realm_id", "date_muted")
       VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING "user_id"`,
      [mute.userId, mute.mutedUserId, mute.realmId, mute.dateMuted],
    )) as unknown[];
    return rows.length === 1;
  }

  // False when there was no such mute.
  async delete(unit: UnitOfWork, realmId: number, userId: number, mutedUserId: number): Promise<boolean> {
    const result = await entityManagerOf(unit)
      .getRepository(MutedUserEntity)
      .delete({ realmId, userId, mutedUserId });
    return (result.affected ?? 0) > 0;
  }

  list(realmId: number, userId: number, unit?: UnitOfWork): Promise<MutedUserEntity[]> {
    return entityManagerOf(unit, this.dataSource)
      .getRepository(MutedUserEntity)
      .find({ where: { realmId, userId }, order: { mutedUserId: 'ASC' } });
  }

  // Which of these users muted the sender.
  async mutersOf(senderId: number, userIds: readonly number[]): Promise<Set<number>> {
    const rows = (await this.dataSource.query(
      'SELECT "user_id" FROM "chat"."muted_user" WHERE "muted_user_id" = $1 AND "user_id" = ANY($2::int[])',
      [senderId, userIds],
    )) as Array<{ user_id: number }>;
    return new Set(rows.map((row) => row.user_id));
  }

  // Marks every unread copy the muter holds of the muted user's messages as read, in one
  // statement; answers the ids it changed.
  async markSenderRead(unit: UnitOfWork, userId: number, senderId: number): Promise<number[]> {
    const rows = (await entityManagerOf(unit).query(
      `UPDATE "chat"."user_message" AS um SET "flags" = um."flags" | $3
       FROM "chat"."message" AS m
       WHERE um."user_id" = $1 AND um."message_id" = m."id" AND m."sender_id" = $2 AND (um."flags" & $3) = 0
       RETURNING um."message_id"`,
      [userId, senderId, MessageFlag.read],
    )) as [Array<{ message_id: number }>, number];
    return rows[0].map((row) => row.message_id).sort((a, b) => a - b);
  }
}
