import { Injectable } from '@nestjs/common';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { GetMessagesQuery, type RangeCommand } from '../messages/get-messages.query.js';
import { UpdateMessageFlagsUseCase } from './update-message-flags.use-case.js';

export interface UpdateFlagsForNarrowCommand extends RangeCommand {
  readonly operation: string;
  readonly flag: string;
}

// POST /messages/flags/narrow (Zulip's update_message_flags_for_narrow): the window GET /messages
// would answer, then POST /messages/flags on its ids, so the flag rules, historical copies and
// events are that route's. The answer says where the window ended, so a client can go on from
// there until found_oldest or found_newest.
@Injectable()
export class UpdateFlagsForNarrowUseCase {
  constructor(
    private readonly messages: GetMessagesQuery,
    private readonly updateFlags: UpdateMessageFlagsUseCase,
  ) {}

  async execute(caller: ChatCaller, command: UpdateFlagsForNarrowCommand) {
    const range = await this.messages.idsInRange(caller, command);
    const { messages, ignored_because_not_subscribed_channels } = await this.updateFlags.execute(caller, {
      messages: range.ids,
      operation: command.operation,
      flag: command.flag,
    });
    return {
      processed_count: range.ids.length,
      updated_count: messages.length,
      first_processed_id: range.ids[0] ?? null,
      last_processed_id: range.ids.at(-1) ?? null,
      found_oldest: range.foundOldest,
      found_newest: range.foundNewest,
      ignored_because_not_subscribed_channels,
    };
  }
}
