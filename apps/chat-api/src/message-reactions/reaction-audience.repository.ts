import { Injectable } from '@nestjs/common';
import { entityManagerOf, type UnitOfWork } from '@platform/database';
import { UserRole } from '../core/accounts/user.entity.js';
import { MessageFlag } from '../core/database/message-flags.js';

export interface ReactedChannel {
  readonly id: number;
  readonly inviteOnly: boolean;
  readonly historyPublicToSubscribers: boolean;
}

@Injectable()
export class ReactionAudienceRepository {
  // Zulip's create_historical_user_messages: a reaction to a message the user never received
  // (a public channel's history) gives them a copy flagged historical and read.
  async ensureCopy(unit: UnitOfWork, userId: number, messageId: number): Promise<void> {
    await entityManagerOf(unit).query(
      `INSERT INTO "chat"."user_message" ("user_id", "message_id", "flags") VALUES ($1, $2, $3)
       ON CONFLICT ("user_id", "message_id") DO NOTHING`,
      [userId, messageId, MessageFlag.historical | MessageFlag.read],
    );
  }

  // Zulip's event_recipient_ids_for_action_on_messages, in one query: a direct message's
  // holders of a copy; a channel's active subscribers, narrowed to those holding a copy when
  // its history is protected, widened to non-guest holders of a copy when it is public.
  async audience(unit: UnitOfWork, messageId: number, channel: ReactedChannel | null): Promise<number[]> {
    const holders = `SELECT um."user_id" FROM "chat"."user_message" um WHERE um."message_id" = $1`;
    const subscribers = `SELECT s."user_id" FROM "chat"."subscription" s
       JOIN "chat"."user_profile" u ON u."id" = s."user_id"
       WHERE s."stream_id" = $2 AND s."active" AND u."is_active"`;
    const sql =
      channel === null
        ? holders
        : !channel.historyPublicToSubscribers
          ? `${subscribers} INTERSECT ${holders}`
          : channel.inviteOnly
            ? subscribers
            : `${subscribers} UNION SELECT um."user_id" FROM "chat"."user_message" um
               JOIN "chat"."user_profile" u ON u."id" = um."user_id"
               WHERE um."message_id" = $1 AND u."role" <> ${UserRole.GUEST}`;
    const rows = (await entityManagerOf(unit).query(
      `SELECT "user_id" FROM (${sql}) AS a ORDER BY "user_id"`,
      [messageId, ...(channel === null ? [] : [channel.id])],
    )) as Array<{ user_id: number }>;
    return rows.map((row) => row.user_id);
  }
}
