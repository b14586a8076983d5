import { Injectable } from '@nestjs/common';
import { Clock } from '@shared/util';
import { flagNames, MessageFlag } from '../core/database/message-flags.js';
import { type ChatTransaction, publishChatEvent } from '../core/events/chat-event.publisher.js';
import { MessageEditLifecycle } from '../core/messages/message-edit-lifecycle.js';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { unixSeconds } from '../core/http/python-isoformat.js';
import type { RenderedMessage } from '../markdown/mention-directory.js';
import { deletionAudience } from '../messages/deletion-audience.js';
import type { EditHistoryEntry, MessageEntity } from '../messages/message.entity.js';
import { MessageRemovalRepository } from '../messages/message-removal.repository.js';
import type { StreamEntity } from '../streams/stream.entity.js';
import { StreamsRepository } from '../streams/streams.repository.js';
import { type CopyChanges, copyChanges } from './channel-move.js';
import type { EditRequest } from './edit-request.js';
import { type Copy, MessageEditingRepository } from './message-editing.repository.js';
import { isResolutionNotice, RESOLUTION_UNDO_GRACE_SECONDS } from './move-notices.js';
import { type MoveNoticeDrafts, type NoticeDraft, MoveNoticesService } from './move-notices.service.js';

// An edit checked and prepared outside the transaction that writes it.
export interface EditPlan {
  readonly caller: ChatCaller;
  readonly message: MessageEntity;
  // The message's channel, and where it goes (the same unless stream_id moves it); null for a
  // direct message.
  readonly channel: StreamEntity | null;
  readonly target: StreamEntity | null;
  readonly request: EditRequest;
  readonly rendered: {
    readonly message: RenderedMessage;
    readonly topicParticipants: ReadonlySet<number>;
  } | null;
  readonly move: { readonly messageIds: readonly number[]; readonly notices: MoveNoticeDrafts } | null;
}

// Thrown when the message changed between the edit's preparation and its transaction.
export class MessageChangedMeanwhile extends Error {}

// do_update_message's writes, in the caller's transaction: the content and its mention flags,
// the moved rows (one statement for the whole selection), copies following a change of channel,
// then the update_message event, delete_message for those who lost the messages, and the notices.
@Injectable()
export class MessageEditWriter {
  constructor(
    private readonly editing: MessageEditingRepository,
    private readonly streams: StreamsRepository,
    private readonly notices: MoveNoticesService,
    private readonly removal: MessageRemovalRepository,
    private readonly lifecycle: MessageEditLifecycle,
    private readonly clock: Clock,
  ) {}

  async write(tx: ChatTransaction, plan: EditPlan): Promise<void> {
    const { caller, message, channel, target, request, rendered, move } = plan;
    if (!(await this.editing.lockUnchanged(tx, message))) throw new MessageChangedMeanwhile();
    const editedAt = this.clock.now();
    const timestamp = unixSeconds(editedAt);
    const channelMoved = channel !== null && target !== null && target.id !== channel.id;
    const moveEntry: EditHistoryEntry | null = move
      ? {
          user_id: caller.user.id,
          timestamp,
          ...(request.topic === null ? {} : { prev_topic: message.topic, topic: request.topic }),
          ...(channelMoved ? { prev_stream: channel.id, stream: target.id } : {}),
        }
      : null;
    if (request.content !== null && rendered) await this.editContent(tx, plan, editedAt, moveEntry);
    let movedIds = [message.id];
    let changes: CopyChanges | null = null;
    if (move && moveEntry && channel && target) {
      movedIds = await this.editing.moveMessages(tx, {
        messageIds: move.messageIds,
        from: { recipientId: channel.recipientId, topicKey: message.topicKey },
        to: { recipientId: target.recipientId, streamId: target.id, topic: request.topic ?? message.topic },
        entry: moveEntry,
        // Resolving a topic is not moving it (last_moved_timestamp, feature level 365).
        movedAt: request.resolved || request.unresolved ? null : editedAt,
        historyWrittenFor: request.content === null ? null : message.id,
      });
      if (channelMoved) changes = await this.moveCopies(tx, channel, target, movedIds);
    }
    const copies = await this.editing.copies(tx, message.id);
    const audience = await this.audience(tx, channel, channelMoved ? target : null, copies, changes);
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
        ...(move ? { propagate_mode: request.propagateMode, orig_subject: message.topic } : {}),
        ...(channelMoved ? { new_stream_id: target.id } : {}),
        ...(request.topic === null ? {} : { subject: request.topic, topic_links: [] }),
        message_ids: movedIds,
      },
      flagsByUser: Object.fromEntries(
        [...audience].map(([userId, flags]) => [String(userId), flagNames(flags)]),
      ),
    });
    if (changes && channel)
      await publishChatEvent(tx, {
        realmId: caller.realm.id,
        userIds: changes.losingAccess,
        event: {
          type: 'delete_message',
          message_ids: movedIds,
          message_type: 'stream',
          stream_id: channel.id,
          topic: message.topic,
        },
      });
    if (move) {
      const { resolution, breadcrumbs } = move.notices;
      const undone = resolution !== null && (await this.takeBackResolution(tx, caller, resolution));
      await this.notices.write(
        tx,
        resolution === null || undone ? breadcrumbs : [resolution, ...breadcrumbs],
      );
    }
  }

  // maybe_delete_previous_resolve_topic_notification: a resolution toggled back within the grace
  // period deletes the notice that is still the topic's newest message, and posts none.
  private async takeBackResolution(
    tx: ChatTransaction,
    caller: ChatCaller,
    resolution: NoticeDraft,
  ): Promise<boolean> {
    const channel = resolution.channel;
    const newest = await this.editing.newestInTopic(
      tx,
      channel.recipientId,
      resolution.draft.topic.toLowerCase(),
    );
    const ageSeconds = newest ? (this.clock.now().getTime() - newest.dateSent.getTime()) / 1000 : Infinity;
    if (
      !newest ||
      newest.senderId !== caller.realm.notificationBotId ||
      !isResolutionNotice(newest.content) ||
      ageSeconds > RESOLUTION_UNDO_GRACE_SECONDS
    )
      return false;
    const holders = await this.removal.delete(tx, caller.realm.id, newest.id);
    if (holders === null) return false;
    await publishChatEvent(tx, {
      realmId: caller.realm.id,
      userIds: deletionAudience(
        channel,
        holders,
        await this.streams.subscriberIds(channel.id, tx),
        caller.user.id,
      ),
      event: {
        type: 'delete_message',
        message_ids: [newest.id],
        message_type: 'stream',
        stream_id: channel.id,
        topic: newest.topicKey,
      },
    });
    return true;
  }

  // The new content, its history entry (with the move's, when both change), every copy's
  // mention flags set anew, and the features that react to edits told.
  private async editContent(
    tx: ChatTransaction,
    { caller, message, channel, request, rendered }: EditPlan,
    editedAt: Date,
    moveEntry: EditHistoryEntry | null,
  ): Promise<void> {
    await this.editing.editContent(tx, message.id, {
      content: request.content!,
      renderedContent: rendered!.message.html,
      editedAt,
      entry: {
        ...(moveEntry ?? { user_id: caller.user.id, timestamp: unixSeconds(editedAt) }),
        prev_content: message.content,
        prev_rendered_content: message.renderedContent,
      },
    });
    const mentions = rendered!.message.mentions;
    await this.editing.recomputeMentions(tx, message.id, {
      userIds: [...mentions.mentionedUserIds],
      streamWildcard: channel !== null && mentions.streamWildcard,
      topicWildcardUserIds:
        channel !== null && mentions.topicWildcard ? [...rendered!.topicParticipants, message.senderId] : [],
    });
    await this.lifecycle.contentEdited(tx, {
      realm: caller.realm,
      sender: caller.user,
      id: message.id,
      renderedContent: rendered!.message.html,
    });
  }

  private async moveCopies(
    tx: ChatTransaction,
    from: StreamEntity,
    to: StreamEntity,
    movedIds: readonly number[],
  ): Promise<CopyChanges> {
    const changes = copyChanges(
      await this.editing.everSubscribed(tx, from.id),
      await this.streams.subscriberIds(to.id, tx),
      to,
    );
    await this.editing.changeCopies(tx, movedIds, {
      losing: changes.losingCopies,
      gaining: changes.gainingCopies,
    });
    return changes;
  }

  // Who hears of the edit, with their flags for the message (Zulip's users_to_be_notified): its
  // copy holders and, when the channel shares its history, the subscribers of the channel it is
  // in now and, after a change of channel, of the one it left (as read); never those who lost it,
  // nor guests of the new channel who were not in the old one.
  private async audience(
    tx: ChatTransaction,
    channel: StreamEntity | null,
    newChannel: StreamEntity | null,
    copies: readonly Copy[],
    changes: CopyChanges | null,
  ): Promise<Map<number, number>> {
    const audience = new Map(copies.map((copy) => [copy.userId, copy.flags]));
    if (channel?.historyPublicToSubscribers) {
      const subscribers = new Set(await this.streams.subscriberIds((newChannel ?? channel).id, tx));
      if (newChannel) {
        const oldSubscribers = await this.streams.subscriberIds(channel.id, tx);
        const guests = new Set(
          (await this.editing.everSubscribed(tx, newChannel.id))
            .filter((user) => user.guest && !oldSubscribers.includes(user.userId))
            .map((user) => user.userId),
        );
        for (const guest of guests) subscribers.delete(guest);
        for (const userId of oldSubscribers) subscribers.add(userId);
        for (const userId of changes?.losingAccess ?? []) subscribers.delete(userId);
      }
      for (const userId of subscribers) if (!audience.has(userId)) audience.set(userId, MessageFlag.read);
    }
    return new Map([...audience].sort(([a], [b]) => a - b));
  }
}
