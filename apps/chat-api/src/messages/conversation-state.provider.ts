import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { MessageFlag } from '../core/database/message-flags.js';
import { type RegisterStateProvider, RegisterState } from '../core/events/register-state.js';

// Zulip's limits: the first 10,000 starred messages, conversations among the newest 1,000
// direct messages.
const MAX_STARRED = 10_000;
const RECENT_DIRECT_MESSAGES = 1_000;

// `starred_messages` and `recent_private_conversations` in POST /register.
@Injectable()
@RegisterState()
export class ConversationStateProvider implements RegisterStateProvider {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async fetch({ user }: ChatCaller, want: (type: string) => boolean) {
    const state: Record<string, unknown> = {};
    if (want('starred_messages')) {
      const rows = (await this.dataSource.query(
        `SELECT "message_id" AS "id" FROM "chat"."user_message"
          WHERE "user_id" = $1 AND "flags" & ${MessageFlag.starred} <> 0
          ORDER BY "message_id" LIMIT ${MAX_STARRED}`,
        [user.id],
      )) as Array<{ id: number }>;
      state['starred_messages'] = rows.map((row) => row.id);
    }
    if (want('recent_private_conversations')) {
      const rows = (await this.dataSource.query(
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
        [user.id],
      )) as Array<{ max: number; user_ids: number[] }>;
      // The other participants (none for messages to oneself), newest conversation first.
      state['recent_private_conversations'] = rows.map((row) => ({
        max_message_id: row.max,
        user_ids: row.user_ids.filter((id) => id !== user.id).sort((a, b) => a - b),
      }));
    }
    return state;
  }
}
