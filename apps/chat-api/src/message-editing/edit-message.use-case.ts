import { Inject, Injectable } from '@nestjs/common';
import { TransactionalOutbox } from '@platform/messaging';
import type { ChatTopics } from '@shared/contracts';
import { Clock } from '@shared/util';
import { UserRole } from '../core/accounts/user.entity.js';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { ChatError } from '../core/http/chat.error.js';
import { MessageAccess } from '../messages/message-access.js';
import type { MessageEntity } from '../messages/message.entity.js';
import { MessagesRepository } from '../messages/messages.repository.js';
import { SendMessageUseCase } from '../messages/send-message.use-case.js';
import { REALM_SETTINGS_DEFAULTS } from '../realms/realm-settings-defaults.js';
import { historyAccess } from '../streams/stream-access.js';
import type { StreamEntity } from '../streams/stream.entity.js';
import { StreamsRepository } from '../streams/streams.repository.js';
import { UserGroupAccess } from '../user-groups/user-group-access.js';
import {
  changeAllRefusal,
  channelMoveRefusal,
  contentEditRefusal,
  topicMoveRefusal,
} from './edit-permission.js';
import { type EditParams, type EditRequest, editRequest } from './edit-request.js';
import { type EditPlan, MessageChangedMeanwhile, MessageEditWriter } from './message-edit.writer.js';
import { MessageEditingRepository } from './message-editing.repository.js';
import { MoveNoticesService } from './move-notices.service.js';

const LIMITS = REALM_SETTINGS_DEFAULTS;
const MAX_ATTEMPTS = 3;

// PATCH /messages/{message_id} (Zulip 11's check_update_message): the content of one's own
// message, the topic and the channel of a channel message with the rest of its topic by
// propagate_mode. Everything is checked and prepared first; MessageEditWriter then commits the
// rows, flags, events and notices together, so narrows, topic lists, unread counts and event
// queues move at once.
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
    private readonly writer: MessageEditWriter,
    private readonly clock: Clock,
  ) {}

  // An edit prepared against a message that another edit changed before this one's transaction
  // locked it is prepared again from the new state (its history entry must describe what it
  // replaced); a message deleted meanwhile is Invalid message(s).
  async execute(caller: ChatCaller, messageId: number, params: EditParams): Promise<Record<string, never>> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.editOnce(caller, messageId, params);
        return {};
      } catch (error) {
        if (!(error instanceof MessageChangedMeanwhile) || attempt === MAX_ATTEMPTS) throw error;
      }
    }
  }

  private async editOnce(caller: ChatCaller, messageId: number, params: EditParams): Promise<void> {
    const { message, channel } = await this.access.forModifying(caller, messageId);
    const ageSeconds = (this.clock.now().getTime() - message.dateSent.getTime()) / 1000;
    if (params.content !== undefined) {
      const refusal = contentEditRefusal({
        isSender: message.senderId === caller.user.id,
        ageSeconds,
        limitSeconds: LIMITS.realm_message_content_edit_limit_seconds,
      });
      if (refusal !== null) throw ChatError.badRequest(refusal);
    }
    const request = editRequest(params, channel ? message.topic : null);
    const target = request.streamId === null ? channel : await this.targetChannel(caller, request.streamId);
    if (request.topic !== null) await this.checkTopicMove(caller, request, ageSeconds);
    const rendered =
      request.content === null ? null : await this.render(caller, message, channel, request.content);
    if (request.streamId !== null) await this.checkChannelMove(caller, ageSeconds);
    const move =
      channel && target && (request.topic !== null || request.streamId !== null)
        ? await this.planMove(caller, message, channel, target, request, params)
        : null;
    const plan: EditPlan = { caller, message, channel, target, request, rendered, move };
    await this.outbox.run((tx) => this.writer.write(tx, plan));
  }

  // access_stream_by_id_for_message: a channel the caller reads, not archived.
  private async targetChannel(caller: ChatCaller, streamId: number): Promise<StreamEntity> {
    const stream = await this.streams.findById(caller.realm.id, streamId);
    const subscription = stream ? await this.streams.subscription(caller.user.id, stream.id) : null;
    if (
      !stream ||
      stream.isArchived ||
      historyAccess(caller.user, stream, subscription?.active === true) === 'none'
    )
      throw ChatError.badRequest('Invalid channel ID');
    return stream;
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
      limitSeconds: LIMITS.realm_move_messages_within_stream_limit_seconds,
    });
    if (refusal !== null) throw ChatError.badRequest(refusal);
  }

  private async checkChannelMove(caller: ChatCaller, ageSeconds: number): Promise<void> {
    const refusal = channelMoveRefusal({
      canMoveBetweenChannels: await this.groups.realmPermits(
        caller,
        'can_move_messages_between_channels_group',
      ),
      isModerator: isModerator(caller),
      ageSeconds,
      limitSeconds: LIMITS.realm_move_messages_between_streams_limit_seconds,
    });
    if (refusal !== null) throw ChatError.badRequest(refusal);
  }

  // The new content's HTML and mentions; @topic reaches those who took part in the topic.
  private async render(
    caller: ChatCaller,
    message: MessageEntity,
    channel: StreamEntity | null,
    content: string,
  ) {
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
    target: StreamEntity,
    request: EditRequest,
    params: EditParams,
  ): Promise<NonNullable<EditPlan['move']>> {
    const onlyCopiesOf = (await this.readsWholeHistory(caller, channel)) ? null : caller.user.id;
    const selected = await this.editing.selectMoved({
      recipientId: channel.recipientId,
      topicKey: message.topicKey,
      targetId: message.id,
      propagateMode: request.propagateMode,
      onlyCopiesOf,
    });
    if (
      request.propagateMode === 'change_all' &&
      !request.resolved &&
      !request.unresolved &&
      !isModerator(caller)
    ) {
      const now = this.clock.now().getTime();
      const refusal = changeAllRefusal(
        selected.map((moved) => ({ id: moved.id, ageSeconds: (now - moved.dateSent.getTime()) / 1000 })),
        // Both limits are a week; the stricter one applies when both the topic and channel change.
        Math.min(
          LIMITS.realm_move_messages_within_stream_limit_seconds,
          LIMITS.realm_move_messages_between_streams_limit_seconds,
        ),
      );
      if (refusal !== null) throw refusal;
    }
    const messageIds = selected.map((moved) => moved.id);
    const newTopic = request.topic ?? message.topic;
    const notices = await this.notices.draft(caller, channel, target, {
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
        target.recipientId,
        newTopic.toLowerCase(),
        messageIds,
        (await this.readsWholeHistory(caller, target)) ? null : caller.user.id,
      )),
      contentEdited: request.content !== null,
      toOldThread: params.notifyOldThread,
      toNewThread: params.notifyNewThread,
    });
    return { messageIds, notices };
  }

  private async readsWholeHistory(caller: ChatCaller, channel: StreamEntity): Promise<boolean> {
    const subscription = await this.streams.subscription(caller.user.id, channel.id);
    return historyAccess(caller.user, channel, subscription?.active === true) === 'all';
  }
}

// Zulip's is_moderator: moderators, administrators and owners.
function isModerator(caller: ChatCaller): boolean {
  return caller.user.role <= UserRole.MODERATOR;
}
