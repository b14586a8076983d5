import { Injectable } from '@nestjs/common';
import type { ChatTransaction } from '../core/events/chat-event.publisher.js';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { messageNearUrl, topicLinkSyntax } from '../messages/narrow-url.js';
import { type NewChannelDraft, SendMessageUseCase } from '../messages/send-message.use-case.js';
import type { StreamEntity } from '../streams/stream.entity.js';
import { StreamsRepository } from '../streams/streams.repository.js';
import { UsersRepository } from '../users/users.repository.js';
import { newTopicNotice, oldTopicNotice, resolutionNotice, silentMention } from './move-notices.js';

export interface MoveFactsInput {
  readonly oldTopic: string;
  readonly newTopic: string;
  readonly targetId: number;
  readonly movedIds: readonly number[];
  readonly resolved: boolean;
  readonly unresolved: boolean;
  readonly movedWholeTopic: boolean;
  readonly destinationWasEmpty: boolean;
  readonly toOldThread: boolean;
  readonly toNewThread: boolean;
}

// The Notification Bot's messages about a move, rendered before the transaction that moves.
export interface MoveNoticeDrafts {
  readonly drafts: readonly NewChannelDraft[];
  readonly subscriberIds: readonly number[];
}

// Zulip's maybe_send_resolve_topic_notifications and send_message_moved_breadcrumbs: the
// Notification Bot says, in this order, that the topic was resolved or unresolved, what arrived
// in the new topic (not for a resolution) and, when asked, what left the old one. The mover reads
// them already; a resolution notice arrives read for everyone (resolved_topic_notice_auto_read_policy
// "except_followed", and no one follows topics here).
@Injectable()
export class MoveNoticesService {
  constructor(
    private readonly sendMessage: SendMessageUseCase,
    private readonly streams: StreamsRepository,
    private readonly users: UsersRepository,
  ) {}

  async draft(caller: ChatCaller, channel: StreamEntity, facts: MoveFactsInput): Promise<MoveNoticeDrafts> {
    const botId = caller.realm.notificationBotId;
    const bot = botId === null ? null : await this.users.findById(caller.realm.id, botId);
    if (!bot) return { drafts: [], subscriberIds: [] };
    const subscriberIds = await this.streams.subscriberIds(channel.id);
    const botCaller = { user: bot, realm: caller.realm };
    const actor = silentMention(caller.user);
    const resolving = facts.resolved || facts.unresolved;
    const texts: Array<{ topic: string; content: string; readers: readonly number[] }> = [];
    if (resolving)
      texts.push({
        topic: facts.newTopic,
        content: resolutionNotice(actor, facts.resolved),
        readers: [...subscriberIds, caller.user.id],
      });
    const moveFacts = {
      actor,
      movedCount: facts.movedIds.length,
      movedWholeTopic: facts.movedWholeTopic,
      destinationWasEmpty: facts.destinationWasEmpty,
      oldLocation: topicLinkSyntax(channel.id, channel.name, facts.oldTopic),
      newLocation: topicLinkSyntax(channel.id, channel.name, facts.newTopic),
      movedMessageUrl: messageNearUrl(caller.realm.url, {
        id: facts.targetId,
        type: 'stream',
        stream_id: channel.id,
        display_recipient: channel.name,
        subject: facts.newTopic,
      }),
    };
    if (facts.toNewThread && !resolving)
      texts.push({ topic: facts.newTopic, content: newTopicNotice(moveFacts), readers: [caller.user.id] });
    if (facts.toOldThread)
      texts.push({ topic: facts.oldTopic, content: oldTopicNotice(moveFacts), readers: [caller.user.id] });
    const drafts = await Promise.all(
      texts.map((text) =>
        this.sendMessage.draftForNewChannel(botCaller, text.topic, text.content, subscriberIds, text.readers),
      ),
    );
    return { drafts, subscriberIds };
  }

  async write(tx: ChatTransaction, channel: StreamEntity, notices: MoveNoticeDrafts): Promise<void> {
    if (notices.drafts.length === 0) return;
    await this.sendMessage.write(
      tx,
      notices.drafts.map((draft) =>
        this.sendMessage.addressToNewChannel(draft, channel, notices.subscriberIds),
      ),
    );
  }
}
