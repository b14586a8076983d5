import { Inject, Injectable } from '@nestjs/common';
import { TransactionalOutbox } from '@platform/messaging';
import type { ChatTopics } from '@shared/contracts';
import { Clock } from '@shared/util';
import { UserRole } from '../core/accounts/user.entity.js';
import { type ChatTransaction, publishChatEvent } from '../core/events/chat-event.publisher.js';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { ChatError } from '../core/http/chat.error.js';
import { unixSeconds } from '../core/http/python-isoformat.js';
import { flagNames, MessageFlag } from '../core/database/message-flags.js';
import type { RenderedMessage } from '../markdown/mention-directory.js';
import { MessageAccess } from '../messages/message-access.js';
import type { EditHistoryEntry, MessageEntity } from '../messages/message.entity.js';
import { MessagesRepository } from '../messages/messages.repository.js';
import { SendMessageUseCase } from '../messages/send-message.use-case.js';
import { REALM_SETTINGS_DEFAULTS } from '../realms/realm-settings-defaults.js';
import { historyAccess } from '../streams/stream-access.js';
import type { StreamEntity } from '../streams/stream.entity.js';
import { StreamsRepository } from '../streams/streams.repository.js';
import { UserGroupAccess } from '../user-groups/user-group-access.js';
import { changeAllRefusal, contentEditRefusal, topicMoveRefusal } from './edit-permission.js';
import { type EditParams, type EditRequest, editRequest } from './edit-request.js';
import { type Copy, MessageEditingRepository } from './message-editing.repository.js';
import { type MoveNoticeDrafts, MoveNoticesService } from './move-notices.service.js';

const INVALID_MESSAGE = 'Invalid message(s)';

// The messages a topic change moves, chosen before the transaction.
interface PlannedMove {
  readonly messageIds: number[];
  readonly notices: MoveNoticeDrafts;
}

// PATCH /messages/{message_id} (Zulip 11's check_update_message and do_update_message): the
// content of one's own message, and the topic of a channel message with the rest of its topic by
// propagate_mode. The message rows, every copy's mention flags, the `update_message` event and
// the Notification Bot's notices are committed together, so narrows, topic lists, unread counts
// and event queues move at once.
@Injectable()
export class EditMessageUseCase {
  constructor(
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<ChatTopics>,
    private readonly messages: MessagesRepository,
    private readonly access: MessageAccess,
    private readonly streams: StreamsRepository,
    private readonly groups: UserGroupAccess,
    private readonly editing: MessageEditingRepository,
    private readonly notices: MoveNoticesService,
    private readonly sendMessage: SendMessageUseCase,
    private readonly clock: Clock,
  ) {}

  async execute(caller: ChatCaller, messageId: number, params: EditParams): Promise<Record<string, never>> {
    const message = await this.messages.findById(caller.realm.id, messageId);
    if (!message || (await this.access.flagsOf(caller, message)) === null)
      throw ChatError.badRequest(INVALID_MESSAGE);
    const channel =
      message.streamId === null ? null : await this.streams.findById(caller.realm.id, message.streamId);
    // access_message(is_modifying_message=True): an archived channel's messages stay as they are.
    if (channel?.isArchived) throw ChatError.badRequest(INVALID_MESSAGE);
    const ageSeconds = (this.clock.now().getTime() - message.dateSent.getTime()) / 1000;
    if (params.content !== undefined) {
      const refusal = contentEditRefusal({
        isSender: message.senderId === caller.user.id,
        ageSeconds,
        limitSeconds: REALM_SETTINGS_DEFAULTS.realm_message_content_edit_limit_seconds,
      });
      if (refusal !== null) throw ChatError.badRequest(refusal);
    }
    const request = editRequest(params, channel ? message.topic : null);
    if (request.topic !== null) await this.checkTopicMove(caller, request, ageSeconds);
    const rendered =
      request.content === null ? null : await this.render(caller, message, channel, request.content);
    const move =
      channel && request.topic !== null
        ? await this.planMove(caller, message, channel, request, params)
        : null;
    await this.outbox.run((tx) => this.write(tx, caller, message, channel, request, rendered, move));
    return {};
  }

  private async checkTopicMove(caller: ChatCaller, request: EditRequest, ageSeconds: number): Promise<void> {
    const resolving = request.resolved || request.unresolved;
    const refusal = topicMoveRefusal({
      resolving,
      canResolve: resolving && (await this.groups.realmPermits(caller, 'can_resolve_topics_group')),
      canMoveTopics:
        !resolving && (await this.groups.realmPermits(caller, 'can_move_messages_between_topics_group')),
      isModerator: isModerator(caller),
      ageSeconds,
      limitSeconds: REALM_SETTINGS_DEFAULTS.realm_move_messages_within_stream_limit_seconds,
    });
    if (refusal !== null) throw ChatError.badRequest(refusal);
  }

  // The new content's HTML and mentions; @topic reaches those who took part in the topic.
  private async render(
    caller: ChatCaller,
    message: MessageEntity,
    channel: StreamEntity | null,
    content: string,
  ): Promise<{ message: RenderedMessage; topicParticipants: ReadonlySet<number> }> {
    const rendered = await this.sendMessage.render(caller, content);
    const topicParticipants =
      channel && rendered.mentions.topicWildcard
        ? await this.messages.topicParticipants(channel.recipientId, message.topicKey)
        : new Set<number>();
    return { message: rendered, topicParticipants };
  }

  // Which messages move (a channel with protected history moves only what the mover holds), and
  // the notices that will tell of it.
  private async planMove(
    caller: ChatCaller,
    message: MessageEntity,
    channel: StreamEntity,
    request: EditRequest,
    params: EditParams,
  ): Promise<PlannedMove> {
    const subscription = await this.streams.subscription(caller.user.id, channel.id);
    const onlyCopiesOf =
      historyAccess(caller.user, channel, subscription?.active === true) === 'all' ? null : caller.user.id;
    const selected = await this.editing.selectMoved({
      recipientId: channel.recipientId,
      topicKey: message.topicKey,
      targetId: message.id,
      propagateMode: request.propagateMode,
      onlyCopiesOf,
    });
    const resolving = request.resolved || request.unresolved;
    if (request.propagateMode === 'change_all' && !resolving && !isModerator(caller)) {
      const now = this.clock.now().getTime();
      const refusal = changeAllRefusal(
        selected.map((moved) => ({ id: moved.id, ageSeconds: (now - moved.dateSent.getTime()) / 1000 })),
        REALM_SETTINGS_DEFAULTS.realm_move_messages_within_stream_limit_seconds,
      );
      if (refusal !== null) throw refusal;
    }
    const messageIds = selected.map((moved) => moved.id);
    const newTopic = request.topic!;
    const notices = await this.notices.draft(caller, channel, {
      oldTopic: message.topic,
      newTopic,
      targetId: message.id,
      movedIds: messageIds,
      resolved: request.resolved,
      unresolved: request.unresolved,
      movedWholeTopic:
        request.propagateMode === 'change_all' ||
        !(await this.editing.topicHasOthers(channel.recipientId, message.topicKey, messageIds, onlyCopiesOf)),
      destinationWasEmpty: !(await this.editing.topicHasOthers(
        channel.recipientId,
        newTopic.toLowerCase(),
        messageIds,
        onlyCopiesOf,
      )),
      toOldThread: params.notifyOldThread,
      toNewThread: params.notifyNewThread,
    });
    return { messageIds, notices };
  }

  private async write(
    tx: ChatTransaction,
    caller: ChatCaller,
    message: MessageEntity,
    channel: StreamEntity | null,
    request: EditRequest,
    rendered: { message: RenderedMessage; topicParticipants: ReadonlySet<number> } | null,
    move: PlannedMove | null,
  ): Promise<void> {
    const editedAt = this.clock.now();
    const timestamp = unixSeconds(editedAt);
    const moveEntry: EditHistoryEntry | null =
      request.topic === null
        ? null
        : { user_id: caller.user.id, timestamp, prev_topic: message.topic, topic: request.topic };
    let copies: Copy[];
    if (request.content !== null && rendered) {
      await this.editing.editContent(tx.manager, message.id, {
        content: request.content,
        renderedContent: rendered.message.html,
        editedAt,
        entry: {
          ...(moveEntry ?? { user_id: caller.user.id, timestamp }),
          prev_content: message.content,
          prev_rendered_content: message.renderedContent,
        },
      });
      const mentions = rendered.message.mentions;
      copies = await this.editing.recomputeMentions(tx.manager, message.id, {
        userIds: [...mentions.mentionedUserIds],
        streamWildcard: channel !== null && mentions.streamWildcard,
        topicWildcardUserIds:
          channel !== null && mentions.topicWildcard ? [...rendered.topicParticipants, message.senderId] : [],
      });
    } else copies = await this.editing.copies(tx.manager, message.id);
    const movedIds =
      move && moveEntry
        ? await this.editing.moveMessages(tx.manager, {
            messageIds: move.messageIds,
            oldTopicKey: message.topicKey,
            newTopic: request.topic!,
            entry: moveEntry,
            // Resolving a topic is not moving it (last_moved_timestamp, feature level 365).
            movedAt: request.resolved || request.unresolved ? null : editedAt,
            historyWrittenFor: request.content === null ? null : message.id,
          })
        : [message.id];
    const audience = await this.audience(tx, channel, copies);
    await publishChatEvent(tx, {
      realmId: caller.realm.id,
      userIds: [...audience.keys()],
      event: {
        type: 'update_message',
        user_id: caller.user.id,
        edit_timestamp: timestamp,
        message_id: message.id,
        rendering_only: false,
        ...(request.content !== null && rendered
          ? {
              orig_content: message.content,
              orig_rendered_content: message.renderedContent,
              content: request.content,
              rendered_content: rendered.message.html,
              is_me_message: request.content.startsWith('/me '),
            }
          : {}),
        ...(channel ? { stream_name: channel.name, stream_id: channel.id } : {}),
        ...(moveEntry
          ? {
              propagate_mode: request.propagateMode,
              orig_subject: message.topic,
              subject: request.topic,
              topic_links: [],
            }
          : {}),
        message_ids: movedIds,
      },
      flagsByUser: Object.fromEntries(
        [...audience].map(([userId, flags]) => [String(userId), flagNames(flags)]),
      ),
    });
    if (move && channel) await this.notices.write(tx, channel, move.notices);
  }

  // Who hears of the edit, with their flags for the message: its copy holders, and, when the
  // channel shares its history, every subscriber (as read) — Zulip's users_to_be_notified.
  private async audience(
    tx: ChatTransaction,
    channel: StreamEntity | null,
    copies: readonly Copy[],
  ): Promise<Map<number, number>> {
    const audience = new Map(copies.map((copy) => [copy.userId, copy.flags]));
    if (channel?.historyPublicToSubscribers)
      for (const userId of await this.streams.subscriberIds(channel.id, tx.manager))
        if (!audience.has(userId)) audience.set(userId, MessageFlag.read);
    return new Map([...audience].sort(([a], [b]) => a - b));
  }
}

// Zulip's is_moderator: moderators, administrators and owners.
function isModerator(caller: ChatCaller): boolean {
  return caller.user.role <= UserRole.MODERATOR;
}
