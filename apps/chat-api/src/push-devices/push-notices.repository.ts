import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { PushNoticeEntity } from './push-notice.entity.js';

export interface FinishedNotice {
  readonly realmId: number;
  readonly userId: number;
  readonly messageId: number;
}

// The notifications phones show, and the messages they are about.
@Injectable()
export class PushNoticesRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async record(notice: FinishedNotice): Promise<void> {
    await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(PushNoticeEntity)
      .values(notice)
      .orIgnore()
      .execute();
  }

  // Whether the user still has the message unread (false once read, or deleted).
  async isUnread(userId: number, messageId: number): Promise<boolean> {
    const rows = (await this.dataSource.query(
      `SELECT 1 FROM "chat"."user_message" WHERE "user_id" = $1 AND "message_id" = $2 AND ("flags" & 1) = 0`,
      [userId, messageId],
    )) as unknown[];
    return rows.length > 0;
  }

  // Takes the notices whose message is no longer unread for its user (read, or deleted). Each
  // row is deleted by one transaction only, so concurrent replicas split them.
  async collectFinished(manager: EntityManager): Promise<FinishedNotice[]> {
    const [rows] = (await manager.query(
      `DELETE FROM "chat"."push_notice" n
        WHERE NOT EXISTS (SELECT 1 FROM "chat"."user_message" um
                           WHERE um."user_id" = n."user_id" AND um."message_id" = n."message_id"
                             AND (um."flags" & 1) = 0)
        RETURNING n."realm_id" AS "realmId", n."user_id" AS "userId", n."message_id" AS "messageId"`,
    )) as [FinishedNotice[], number];
    return rows;
  }
}
