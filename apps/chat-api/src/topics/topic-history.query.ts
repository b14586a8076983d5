import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { ChatError } from '../core/http/chat.error.js';
import { EMPTY_TOPIC_DISPLAY_NAME } from '../core/server-facts.js';
import { historyAccess } from '../streams/stream-access.js';
import { StreamsRepository } from '../streams/streams.repository.js';

export interface TopicRow {
  readonly name: string;
  readonly max_id: number;
}

// GET /users/me/{stream_id}/topics: one row per topic (case-insensitive, named as its latest
// message spells it), most recent first. With protected history the caller sees only the
// topics of the messages they received, i.e. since they subscribed.
@Injectable()
export class TopicHistoryQuery {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly streams: StreamsRepository,
  ) {}

  async execute(caller: ChatCaller, streamId: number, allowEmptyTopicName: boolean) {
    const stream = await this.streams.findById(caller.realm.id, streamId);
    const subscription = stream ? await this.streams.subscription(caller.user.id, stream.id) : null;
    const access = stream ? historyAccess(caller.user, stream, subscription?.active === true) : 'none';
    // Zulip's access_stream_by_id requires an active channel: an archived one is refused.
    if (!stream || stream.isArchived || access === 'none') throw ChatError.badRequest('Invalid channel ID');
    const rows =
      access === 'all'
        ? await this.topics(
            `SELECT DISTINCT ON (m."topic_key") m."topic" AS "name", m."id" AS "max_id"
             FROM "chat"."message" m WHERE m."recipient_id" = $1
             ORDER BY m."topic_key", m."id" DESC`,
            [stream.recipientId],
          )
        : await this.topics(
            `SELECT DISTINCT ON (m."topic_key") m."topic" AS "name", m."id" AS "max_id"
             FROM "chat"."user_message" um JOIN "chat"."message" m ON m."id" = um."message_id"
             WHERE um."user_id" = $1 AND m."recipient_id" = $2
             ORDER BY m."topic_key", m."id" DESC`,
            [caller.user.id, stream.recipientId],
          );
    const topics = rows
      .sort((a, b) => b.max_id - a.max_id)
      .map((row) => ({
        name: row.name === '' && !allowEmptyTopicName ? EMPTY_TOPIC_DISPLAY_NAME : row.name,
        max_id: row.max_id,
      }));
    return { topics };
  }

  private topics(sql: string, parameters: unknown[]): Promise<TopicRow[]> {
    return this.dataSource.query(sql, parameters) as Promise<TopicRow[]>;
  }
}
