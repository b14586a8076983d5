import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { isStoredId } from '../core/http/stored-id.js';
import { MessageFilterBuilder } from './message-filter.js';
import { NarrowCleaner } from './narrow-cleaner.js';
import type { NarrowTerm } from './narrow.js';
import { searchFields } from './search-highlight.js';

interface MatchRow {
  readonly id: number;
  readonly topic: string;
  readonly rendered_content: string;
}

// GET /messages/matches_narrow (Zulip's messages_in_narrow_backend): which of these messages,
// among those the caller holds a copy of, the narrow matches, keyed by id, each with its
// rendered content and escaped topic (search matches highlighted).
@Injectable()
export class MatchesNarrowQuery {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly cleaner: NarrowCleaner,
    private readonly filters: MessageFilterBuilder,
  ) {}

  async execute(caller: ChatCaller, messageIds: readonly number[], narrow: readonly NarrowTerm[]) {
    const filter = await this.filters.build(caller, await this.cleaner.clean(caller, narrow));
    const ids = messageIds.filter(isStoredId);
    const rows =
      ids.length === 0
        ? []
        : ((await this.dataSource.query(
            `SELECT m."id", m."topic", m."rendered_content"
               FROM "chat"."message" m
               JOIN "chat"."user_message" um ON um."message_id" = m."id" AND um."user_id" = $1
              WHERE ${[...filter.conditions, `m."id" = ANY($${filter.params.length + 1}::int[])`].join(' AND ')}
              ORDER BY m."id"`,
            [...filter.params, ids],
          )) as MatchRow[]);
    return {
      messages: Object.fromEntries(
        rows.map((row) => [
          String(row.id),
          searchFields(row.rendered_content, row.topic, filter.searchWords),
        ]),
      ),
    };
  }
}
