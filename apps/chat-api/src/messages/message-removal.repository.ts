import { Injectable } from '@nestjs/common';
import { entityManagerOf, type UnitOfWork } from '@platform/database';
import { UserRole } from '../core/accounts/user.entity.js';

// A user who held a copy of a deleted message.
export interface CopyHolder {
  readonly userId: number;
  readonly guest: boolean;
}

// Removing messages (Zulip's do_delete_messages): DELETE /messages/{id}, and the resolution
// notice an undone resolution takes back.
@Injectable()
export class MessageRemovalRepository {
  // Deletes the message with every copy of it and every reaction to it, in one statement;
  // answers who held a copy, or null when the message was already gone (a concurrent deletion
  // won the row lock).
  async delete(unit: UnitOfWork, realmId: number, messageId: number): Promise<CopyHolder[] | null> {
    const [row] = (await entityManagerOf(unit).query(
      `WITH "gone" AS (
         DELETE FROM "chat"."message" WHERE "id" = $1 AND "realm_id" = $2 RETURNING "id"
       ), "copies" AS (
         DELETE FROM "chat"."user_message" AS um USING "gone" WHERE um."message_id" = "gone"."id"
         RETURNING um."user_id"
       ), "reactions" AS (
         DELETE FROM "chat"."reaction" AS r USING "gone" WHERE r."message_id" = "gone"."id"
       )
       SELECT (SELECT count(*) FROM "gone")::int AS "deleted",
              COALESCE(
                (SELECT json_agg(json_build_object('userId', c."user_id", 'guest', u."role" = $3))
                 FROM "copies" AS c JOIN "chat"."user_profile" AS u ON u."id" = c."user_id"),
                '[]'::json
              ) AS "holders"`,
      [messageId, realmId, UserRole.GUEST],
    )) as [{ deleted: number; holders: CopyHolder[] }];
    return row.deleted === 0 ? null : row.holders;
  }
}
