import { Inject, Injectable } from '@nestjs/common';
import { TransactionalOutbox } from '@platform/messaging';
import type { ChatTopics } from '@shared/contracts';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { type ChatTransaction, publishChatEvent } from '../core/events/chat-event.publisher.js';
import { MessageFlag } from '../core/database/message-flags.js';
import { RecipientType } from '../messages/recipient.entity.js';
import { ChatError } from '../core/http/chat.error.js';
import { isStoredId } from '../core/http/stored-id.js';
import { historyAccess } from '../streams/stream-access.js';
import { StreamsRepository } from '../streams/streams.repository.js';
import { type FlagChange, flagChange, marksUnread } from './flag-rules.js';
import { flagsEvent } from './flags-event.js';
import { MessageFlagsRepository, type UnreadDetail } from './message-flags.repository.js';

export interface UpdateFlagsCommand {
  readonly messages: readonly number[];
  readonly operation: string;
  readonly flag: string;
}

// Zulip 11 answers `ignored_because_not_subscribed_channels` every time (its view always sets
// it), empty unless marking unread skipped messages of channels the user is not subscribed to.
export interface UpdateFlagsResult {
  messages: number[];
  ignored_because_not_subscribed_channels: number[];
}

const MENTION_BITS =
  MessageFlag.mentioned | MessageFlag.stream_wildcard_mentioned | MessageFlag.topic_wildcard_mentioned;

// POST /messages/flags. The user's copies change in one statement; messages they may read but
// never received (a public channel's history) get Zulip's historical copies; the answer lists
// the messages whose flag actually changed. The user's queues get update_message_flags. When
// the user holds every copy and is not marking unread (nearly always), the change and its event
// are a single statement that commits by itself; otherwise a transaction does the general case.
@Injectable()
export class UpdateMessageFlagsUseCase {
  constructor(
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<ChatTopics>,
    private readonly flags: MessageFlagsRepository,
    private readonly streams: StreamsRepository,
  ) {}

  async execute(caller: ChatCaller, command: UpdateFlagsCommand): Promise<UpdateFlagsResult> {
    const change = flagChange(command.flag, command.operation);
    // An id beyond the stored range names no message (Zulip's access_message refusal).
    if (!command.messages.every(isStoredId)) throw ChatError.badRequest('Invalid message(s)');
    if (marksUnread(change)) return this.inTransaction(caller, command, change);
    // Nothing is skipped: the event lists every requested id.
    const changed = await this.flags.applyWhenAllHeld(
      this.outbox,
      caller.user.id,
      command.messages,
      change,
      flagsEvent(caller, change, command.messages),
    );
    return changed
      ? { messages: changed, ignored_because_not_subscribed_channels: [] }
      : this.inTransaction(caller, command, change);
  }

  // The general case: historical copies, unsubscribed channels skipped when marking unread, and
  // the unread details of the event.
  private inTransaction(
    caller: ChatCaller,
    command: UpdateFlagsCommand,
    change: FlagChange,
  ): Promise<UpdateFlagsResult> {
    const unread = marksUnread(change);
    return this.outbox.run(async (tx) => {
      const outcome = await this.flags.applyToHeldCopies(
        tx,
        caller.realm.id,
        caller.user.id,
        command.messages,
        change,
        unread,
      );
      const changed = [...outcome.changed];
      if (outcome.missing.length > 0) {
        await this.requireReadable(tx, caller, outcome.missing);
        await this.flags.insertHistorical(tx, caller.user.id, outcome.missing, change);
        // A historical copy starts read and unstarred: it changed only if the flag differs from that.
        if (((MessageFlag.historical | MessageFlag.read) & change.bit) !== change.target)
          changed.push(...outcome.missing);
      }
      const skipped = new Set(outcome.skipped);
      const affected = command.messages.filter((id) => !skipped.has(id));
      await this.announce(tx, caller, change, affected);
      changed.sort((a, b) => a - b);
      return { messages: changed, ignored_because_not_subscribed_channels: outcome.ignoredChannels };
    });
  }

  // Zulip's access_message for ids the user holds no copy of: only channel messages whose whole
  // history the user may read; anything else (direct messages, other realms, unknown ids) is
  // refused as a whole.
  private async requireReadable(tx: ChatTransaction, caller: ChatCaller, ids: readonly number[]) {
    const found = await this.flags.channelsOf(tx, caller.realm.id, ids);
    const streamIds = new Set<number>();
    for (const id of ids) {
      const streamId = found.find((message) => message.id === id)?.stream_id;
      if (streamId === undefined || streamId === null) throw ChatError.badRequest('Invalid message(s)');
      streamIds.add(streamId);
    }
    for (const streamId of streamIds) {
      const stream = await this.streams.findById(caller.realm.id, streamId, tx);
      const subscription = await this.streams.subscription(caller.user.id, streamId, tx);
      if (!stream || historyAccess(caller.user, stream, subscription?.active === true) !== 'all')
        throw ChatError.badRequest('Invalid message(s)');
    }
  }

  private async announce(tx: ChatTransaction, caller: ChatCaller, change: FlagChange, messages: number[]) {
    if (!marksUnread(change)) return publishChatEvent(tx, flagsEvent(caller, change, messages));
    const details = await this.flags.unreadDetails(tx, caller.user.id, messages);
    const messageDetails = Object.fromEntries(
      details.map((detail) => [String(detail.message_id), unreadDetail(detail, caller.user.id)]),
    );
    await publishChatEvent(tx, flagsEvent(caller, change, messages, { message_details: messageDetails }));
  }
}

// Zulip's message_details entry: where the message lives, and whether it mentions the user.
function unreadDetail(detail: UnreadDetail, userId: number): Record<string, unknown> {
  const mentioned = (detail.flags & MENTION_BITS) !== 0 ? { mentioned: true } : {};
  if (detail.type === RecipientType.STREAM)
    return {
      type: 'stream',
      stream_id: detail.stream_id,
      topic: detail.topic,
      unmuted_stream_msg: detail.is_muted !== true,
      ...mentioned,
    };
  const others = detail.user_ids.filter((id) => id !== userId).sort((a, b) => a - b);
  return { type: 'private', user_ids: others, ...mentioned };
}
