import { Inject, Injectable } from '@nestjs/common';
import { LOGGER, type Logger } from '@platform/logging';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { ChatEventBroadcaster } from '../events/chat-event.broadcaster.js';
import { ChatError } from '../core/http/chat.error.js';
import { EMPTY_TOPIC_DISPLAY_NAME } from '../core/server-facts.js';
import { type UserEntity, UserRole } from '../core/accounts/user.entity.js';
import { TypingAudience } from './typing-audience.js';

export type TypingCommand =
  | { readonly kind: 'direct'; readonly op: 'start' | 'stop'; readonly to: readonly number[] | undefined }
  | {
      readonly kind: 'channel';
      readonly op: 'start' | 'stop';
      readonly streamId: number | undefined;
      readonly topic: string | undefined;
    };

// POST /typing: a `typing` event to the people of a conversation, never stored. Direct: every
// participant (the sender included, as Zulip does) who is active. Channel: the subscribers, the
// sender included.
@Injectable()
export class SendTypingUseCase {
  constructor(
    private readonly audience: TypingAudience,
    private readonly broadcaster: ChatEventBroadcaster,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute(caller: ChatCaller, command: TypingCommand): Promise<Record<string, never>> {
    const { event, userIds } =
      command.kind === 'direct'
        ? await this.direct(caller, command.op, command.to)
        : await this.channel(caller, command);
    // Not awaited: nothing is stored, and a typing indicator is not worth holding the client
    // while the broker acknowledges; a failure is logged.
    this.broadcaster
      .broadcast({ realmId: caller.realm.id, userIds, event })
      .catch((error: unknown) => this.logger.warn({ err: error }, 'typing event not published'));
    return {};
  }

  private async direct(caller: ChatCaller, op: string, to: readonly number[] | undefined) {
    if (to === undefined) throw ChatError.badRequest("Missing 'to' argument");
    if (to.length === 0) throw ChatError.badRequest("Empty 'to' list");
    const ids = [...new Set([...to, caller.user.id])];
    const users = await this.audience.users(caller.realm.id, ids);
    const recipients: UserEntity[] = [];
    users.forEach((user, index) => {
      if (!user) throw ChatError.badRequest(`Invalid user ID ${ids[index]}`);
      recipients.push(user);
    });
    return {
      event: {
        type: 'typing',
        op,
        message_type: 'direct',
        sender: person(caller.user),
        recipients: recipients.map(person),
      },
      userIds: recipients.filter((user) => user.isActive).map((user) => user.id),
    };
  }

  private async channel(caller: ChatCaller, command: Extract<TypingCommand, { kind: 'channel' }>) {
    // Zulip's own check (zerver/views/typing.py), not the parameter parser's: code BAD_REQUEST,
    // no var_name.
    if (command.streamId === undefined) throw ChatError.badRequest("Missing 'stream_id' argument");
    if (command.topic === undefined) throw ChatError.badRequest('Missing topic');
    const { stream, subscriberIds } = await this.audience.channel(caller.realm.id, command.streamId);
    // Zulip's access_stream_by_id needs content access: a private channel's subscribers, and a
    // public channel's too for a guest (not administrators who are not subscribed). Whoever
    // has it may send there, so access_stream_for_send_message refuses nobody after it.
    const subscribed = subscriberIds.includes(caller.user.id);
    if (
      !stream ||
      stream.isArchived ||
      (!subscribed && (stream.inviteOnly || caller.user.role === UserRole.GUEST))
    )
      throw ChatError.badRequest('Invalid channel ID');
    return {
      event: {
        type: 'typing',
        op: command.op,
        message_type: 'stream',
        sender: person(caller.user),
        stream_id: stream.id,
        topic: emptyTopicAlias(command.topic),
      },
      // Zulip's do_send_stream_typing_notification: every subscriber, the sender included.
      userIds: subscriberIds,
    };
  }
}

function person(user: UserEntity) {
  return { user_id: user.id, email: user.email };
}

// `(no topic)` and the realm's display name for the empty topic both mean the empty topic.
function emptyTopicAlias(topic: string): string {
  const trimmed = topic.trim();
  return trimmed === '(no topic)' || trimmed === EMPTY_TOPIC_DISPLAY_NAME ? '' : trimmed;
}
