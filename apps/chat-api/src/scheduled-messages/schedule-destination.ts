import { Injectable } from '@nestjs/common';
import type { UnitOfWork } from '@platform/database';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { normalizeTopic } from '../messages/message-text.js';
import { ChatError, ChatErrorCode } from '../core/http/chat.error.js';
import { StreamsRepository } from '../streams/streams.repository.js';
import { assertMaySendTo } from '../streams/send-access.js';
import { UsersRepository } from '../users/users.repository.js';

export type ScheduleKind = 'stream' | 'direct';
export type ScheduleTo = number | readonly number[];

export interface ScheduledDestination {
  readonly streamId: number | null;
  readonly topic: string;
  // Direct: who the message goes to, as Zulip lists it (the other person of a one-to-one
  // conversation, the sender alone for a note to self, everyone for a group).
  readonly recipientIds: number[];
}

// The checks Zulip's check_message makes when a message is scheduled (they run again at delivery):
// `to` is a channel id or a list of user ids (zerver/lib/recipient_parsing.py).
@Injectable()
export class ScheduleDestination {
  constructor(
    private readonly streams: StreamsRepository,
    private readonly users: UsersRepository,
  ) {}

  async resolve(
    caller: ChatCaller,
    kind: ScheduleKind,
    to: ScheduleTo,
    topic: string | undefined,
    // The caller's transaction, when it has one: reads on another connection would wait on it
    // (and on embedded PostgreSQL never return).
    unit?: UnitOfWork,
  ): Promise<ScheduledDestination> {
    return kind === 'stream' ? this.channel(caller, to, topic, unit) : this.direct(caller, to, unit);
  }

  private async channel(caller: ChatCaller, to: ScheduleTo, topic: string | undefined, unit?: UnitOfWork) {
    if (typeof to !== 'number') throw ChatError.badRequest('Invalid data type for channel ID');
    const streamId = to;
    if (topic === undefined) throw ChatError.badRequest('Missing topic');
    const stream = await this.streams.findById(caller.realm.id, streamId, unit);
    if (!stream)
      throw new ChatError(
        ChatErrorCode.STREAM_DOES_NOT_EXIST,
        `Channel with ID '${streamId}' does not exist`,
        {
          stream_id: streamId,
        },
      );
    await assertMaySendTo(this.streams, caller.user, stream, unit);
    return { streamId, topic: normalizeTopic(topic), recipientIds: [] };
  }

  private async direct(caller: ChatCaller, to: ScheduleTo, unit?: UnitOfWork) {
    if (typeof to === 'number') throw ChatError.badRequest('Invalid data type for recipients');
    const ids = [...new Set(to)];
    if (ids.length === 0) throw ChatError.badRequest('Message must have recipients');
    const users = await this.users.findManyByIds(caller.realm.id, ids, unit);
    for (const id of ids) {
      const user = users.find((candidate) => candidate.id === id);
      if (!user) throw ChatError.badRequest(`Invalid user ID ${id}`);
      if (!user.isActive) throw ChatError.badRequest(`'${user.email}' is no longer using Zulip.`);
    }
    const everyone = [...new Set([...ids, caller.user.id])].sort((a, b) => a - b);
    const others = everyone.filter((id) => id !== caller.user.id);
    const recipientIds = everyone.length > 2 ? everyone : others.length > 0 ? others : [caller.user.id];
    return { streamId: null, topic: '', recipientIds };
  }
}
