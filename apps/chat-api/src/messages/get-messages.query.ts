import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { ChatError } from '../core/http/chat.error.js';
import { MessageContextLoader } from './message-context.loader.js';
import { isStoredId } from '../core/http/stored-id.js';
import { FLAGS_SQL, MessageFilterBuilder, type MessageFilter } from './message-filter.js';
import { flagNames, MessageFlag } from '../core/database/message-flags.js';
import { MessageEntity } from './message.entity.js';
import { messageRow } from './message.presenter.js';
import { NarrowCleaner } from './narrow-cleaner.js';
import { searchFields } from './search-highlight.js';
import type { NarrowTerm } from './narrow.js';

// Zulip's anchor for "newest": larger than any message id.
export const LARGER_THAN_MAX_MESSAGE_ID = 10_000_000_000_000_000;
const MAX_MESSAGES_PER_FETCH = 5000;

export interface GetMessagesCommand {
  readonly anchor: string | undefined;
  readonly useFirstUnreadAnchor: boolean;
  readonly includeAnchor: boolean;
  readonly numBefore: number;
  readonly numAfter: number;
  readonly narrow: readonly NarrowTerm[];
  readonly applyMarkdown: boolean;
  readonly clientGravatar: boolean;
  readonly allowEmptyTopicName: boolean;
  // The other way to ask (Zulip 10): these ids, as far as the narrow and access allow.
  readonly messageIds: readonly number[] | undefined;
}

export interface RangeCommand {
  readonly anchor: string;
  readonly includeAnchor: boolean;
  readonly numBefore: number;
  readonly numAfter: number;
  readonly narrow: readonly NarrowTerm[];
}

export interface MessageRange {
  readonly ids: number[];
  readonly foundOldest: boolean;
  readonly foundNewest: boolean;
}

interface Row {
  readonly id: number;
  readonly flags: number;
}

// GET /messages: a window of the narrow around an anchor, as Zulip computes it
// (post_process_limited_query): before the anchor, the anchor, after it, and whether the
// oldest and newest ends were reached.
@Injectable()
export class GetMessagesQuery {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly cleaner: NarrowCleaner,
    private readonly filters: MessageFilterBuilder,
    private readonly contexts: MessageContextLoader,
  ) {}

  // Refusals in Zulip's order (get_messages_backend): the anchor, the narrow's `with` term, the
  // count, an excluded anchor inside the range, then the narrow's operators.
  async execute(caller: ChatCaller, command: GetMessagesCommand) {
    if (command.messageIds !== undefined) return this.byIds(caller, command, command.messageIds);
    const requested = requestedAnchor(command);
    const narrow = await this.cleaner.clean(caller, command.narrow);
    if (command.numBefore + command.numAfter > MAX_MESSAGES_PER_FETCH)
      throw ChatError.badRequest(`Too many messages requested (maximum ${MAX_MESSAGES_PER_FETCH}).`);
    if (command.numBefore > 0 && command.numAfter > 0 && !command.includeAnchor)
      throw ChatError.badRequest('The anchor can only be excluded at an end of the range');
    const filter = await this.filters.build(caller, narrow);
    const anchor = requested === 'first_unread' ? await this.firstUnread(filter) : requested;
    const window = await this.window(filter, anchor, command);
    return {
      messages: await this.present(caller, window.rows, command, filter.searchWords),
      anchor,
      found_anchor: window.foundAnchor,
      found_oldest: window.foundOldest,
      found_newest: window.foundNewest,
      history_limited: false,
    };
  }

  // The ids POST /messages/flags/narrow changes (Zulip's update_message_flags_for_narrow): the
  // same window, `first_unread` read as an anchor only, and a range over 5,000 clamped rather
  // than refused.
  async idsInRange(caller: ChatCaller, command: RangeCommand): Promise<MessageRange> {
    const requested = requestedAnchor({ ...command, useFirstUnreadAnchor: false });
    if (command.numBefore > 0 && command.numAfter > 0 && !command.includeAnchor)
      throw ChatError.badRequest('The anchor can only be excluded at an end of the range');
    const numBefore = Math.min(
      command.numBefore,
      Math.max(MAX_MESSAGES_PER_FETCH - command.numAfter, MAX_MESSAGES_PER_FETCH / 2),
    );
    const numAfter = Math.min(command.numAfter, MAX_MESSAGES_PER_FETCH - numBefore);
    const filter = await this.filters.build(caller, await this.cleaner.clean(caller, command.narrow));
    const anchor = requested === 'first_unread' ? await this.firstUnread(filter) : requested;
    const window = await this.window(filter, anchor, { ...command, numBefore, numAfter });
    return {
      ids: window.rows.map((row) => row.id),
      foundOldest: window.foundOldest,
      foundNewest: window.foundNewest,
    };
  }

  // Zulip's post_process_limited_query: before the anchor, the anchor, after it, and whether
  // the oldest and newest ends were reached.
  private async window(
    filter: MessageFilter,
    anchor: number,
    range: { readonly numBefore: number; readonly numAfter: number; readonly includeAnchor: boolean },
  ) {
    const anchoredToLeft = anchor === 0;
    const anchoredToRight = anchor >= LARGER_THAN_MAX_MESSAGE_ID;
    const before =
      range.numBefore > 0
        ? (
            await this.rows(filter, anchoredToRight ? 'TRUE' : `m."id" < ${anchor}`, 'DESC', range.numBefore)
          ).reverse()
        : [];
    // With nothing asked on either side Zulip's limit_query_to_range looks the anchor up alone,
    // include_anchor or not.
    const wantsAnchor = range.includeAnchor || (range.numBefore === 0 && range.numAfter === 0);
    const anchorRows =
      wantsAnchor && !anchoredToRight && !anchoredToLeft
        ? await this.rows(filter, `m."id" = ${anchor}`, 'ASC', 1)
        : [];
    const after =
      range.numAfter > 0 && !anchoredToRight
        ? await this.rows(filter, `m."id" > ${anchor}`, 'ASC', range.numAfter)
        : [];
    return {
      rows: [...before, ...anchorRows, ...after],
      foundAnchor: anchorRows.length === 1,
      foundOldest: anchoredToLeft || before.length < range.numBefore,
      foundNewest: anchoredToRight || after.length < range.numAfter,
    };
  }

  // Zulip's client_requested_message_ids: no range, so no anchor and nothing found at either end.
  private async byIds(caller: ChatCaller, command: GetMessagesCommand, ids: readonly number[]) {
    if (
      command.numBefore > 0 ||
      command.numAfter > 0 ||
      command.anchor !== undefined ||
      command.useFirstUnreadAnchor
    )
      throw ChatError.badRequest(
        'Unsupported parameter combination: num_before, num_after, anchor, message_ids, include_anchor, use_first_unread_anchor',
        {
          parameters: 'num_before, num_after, anchor, message_ids, include_anchor, use_first_unread_anchor',
        },
      );
    const narrow = await this.cleaner.clean(caller, command.narrow);
    if (ids.length > MAX_MESSAGES_PER_FETCH)
      throw ChatError.badRequest(`Too many messages requested (maximum ${MAX_MESSAGES_PER_FETCH}).`);
    const filter = await this.filters.build(caller, narrow);
    const existing = ids.filter(isStoredId);
    const rows =
      existing.length === 0
        ? []
        : await this.rows(
            { ...filter, params: [...filter.params, existing] },
            `m."id" = ANY($${filter.params.length + 1}::int[])`,
            'ASC',
            existing.length,
          );
    return {
      messages: await this.present(caller, rows, command, filter.searchWords),
      history_limited: false,
      found_anchor: false,
      found_oldest: false,
      found_newest: false,
    };
  }

  private async firstUnread(filter: MessageFilter): Promise<number> {
    const [row] = await this.rows(filter, `(${FLAGS_SQL} & ${MessageFlag.read}) = 0`, 'ASC', 1);
    return row?.id ?? LARGER_THAN_MAX_MESSAGE_ID;
  }

  private rows(filter: MessageFilter, bound: string, order: 'ASC' | 'DESC', limit: number): Promise<Row[]> {
    const join = filter.withHistory ? 'LEFT JOIN' : 'JOIN';
    return this.dataSource.query(
      `SELECT m."id", ${FLAGS_SQL} AS "flags"
         FROM "chat"."message" m ${join} "chat"."user_message" um ON um."message_id" = m."id" AND um."user_id" = $1
        WHERE ${[...filter.conditions, bound].join(' AND ')}
        ORDER BY m."id" ${order} LIMIT ${limit}`,
      filter.params,
    ) as Promise<Row[]>;
  }

  private async present(
    caller: ChatCaller,
    rows: readonly Row[],
    command: GetMessagesCommand,
    searchWords: readonly string[],
  ) {
    if (rows.length === 0) return [];
    const messages = await this.dataSource
      .getRepository(MessageEntity)
      .createQueryBuilder('m')
      .where('m.realmId = :realmId AND m.id IN (:...ids)', {
        realmId: caller.realm.id,
        ids: rows.map((row) => row.id),
      })
      .orderBy('m.id', 'ASC')
      .getMany();
    const contextOf = await this.contexts.load(caller.realm, messages);
    const flags = new Map(rows.map((row) => [row.id, row.flags]));
    return messages.map((message) => {
      const row = messageRow(message, contextOf(message), command);
      return {
        ...row,
        flags: flagNames(flags.get(message.id) ?? 0),
        ...(searchWords.length > 0 ? searchFields(message.renderedContent, message.topic, searchWords) : {}),
      };
    });
  }
}

// Zulip's parse_anchor_value: the special names, or an integer (Python's int(): surrounding
// whitespace and a sign allowed) clamped to [0, LARGER_THAN_MAX_MESSAGE_ID].
function requestedAnchor(command: {
  readonly anchor: string | undefined;
  readonly useFirstUnreadAnchor: boolean;
}): number | 'first_unread' {
  if (command.useFirstUnreadAnchor || command.anchor === 'first_unread') return 'first_unread';
  if (command.anchor === undefined) throw ChatError.badRequest("Missing 'anchor' argument.");
  if (command.anchor === 'oldest') return 0;
  if (command.anchor === 'newest') return LARGER_THAN_MAX_MESSAGE_ID;
  if (!/^[+-]?\d+$/.test(command.anchor.trim())) throw ChatError.badRequest('Invalid anchor');
  return Math.min(Math.max(Number(command.anchor), 0), LARGER_THAN_MAX_MESSAGE_ID);
}
