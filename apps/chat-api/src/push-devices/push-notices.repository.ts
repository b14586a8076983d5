import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { entityManagerOf, type UnitOfWork } from '@platform/database';
import { PushNoticeEntity } from './push-notice.entity.js';

export interface PushNotice {
  readonly realmId: number;
  readonly userId: number;
  readonly messageId: number;
}

// The notifications phones show, and the messages they are about.
@Injectable()
export class PushNoticesRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async record(unit: UnitOfWork, notice: PushNotice): Promise<void> {
    await entityManagerOf(unit)
      .createQueryBuilder()
      .insert()
      .into(PushNoticeEntity)
      .values(notice)
      .orIgnore()
      .execute();
  }

  // Whether the user still has the message unread (false once read, or deleted).
  async isUnread(userId: number, messageId: number, unit?: UnitOfWork): Promise<boolean> {
    const rows = (await entityManagerOf(unit, this.dataSource).query(
      `SELECT 1 FROM "chat"."user_message" WHERE "user_id" = $1 AND "message_id" = $2 AND ("flags" & 1) = 0`,
      [userId, messageId],
    )) as unknown[];
    return rows.length > 0;
  }

  // Takes the notices of these users about these messages: each row is deleted by one
  // transaction only, so whoever takes it sends its removal, once.
  async take(
    unit: UnitOfWork,
    userIds: readonly number[],
    messageIds: readonly number[],
  ): Promise<PushNotice[]> {
    if (userIds.length === 0 || messageIds.length === 0) return [];
    const [rows] = (await entityManagerOf(unit).query(
      `DELETE FROM "chat"."push_notice"
        WHERE "user_id" = ANY($1::int[]) AND "message_id" = ANY($2::int[])
        RETURNING "realm_id" AS "realmId", "user_id" AS "userId", "message_id" AS "messageId"`,
      [userIds, messageIds],
    )) as [PushNotice[], number];
    return rows;
  }

  // Takes these users' notices about messages they no longer have unread (read, or gone): what
  // marking everything read leaves on their phones. A message that arrived since is unread, so
  // its notice stays.
  async takeNoLongerUnread(unit: UnitOfWork, userIds: readonly number[]): Promise<PushNotice[]> {
    if (userIds.length === 0) return [];
    const [rows] = (await entityManagerOf(unit).query(
      `DELETE FROM "chat"."push_notice" n
        WHERE n."user_id" = ANY($1::int[])
          AND NOT EXISTS (SELECT 1 FROM "chat"."user_message" um
                           WHERE um."user_id" = n."user_id" AND um."message_id" = n."message_id"
                             AND (um."flags" & 1) = 0)
        RETURNING n."realm_id" AS "realmId", n."user_id" AS "userId", n."message_id" AS "messageId"`,
      [userIds],
    )) as [PushNotice[], number];
    return rows;
  }
}
