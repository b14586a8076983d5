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
  readonly contentEdited: boolean;
  readonly toOldThread: boolean;
  readonly toNewThread: boolean;
}

// The Notification Bot's messages about a move, rendered before the transaction that moves,
// each with the channel it goes to and that channel's subscribers.
export interface MoveNoticeDrafts {
  readonly drafts: ReadonlyArray<{
    readonly draft: NewChannelDraft;
    readonly channel: StreamEntity;
    readonly subscriberIds: readonly number[];
  }>;
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

  async draft(
    caller: ChatCaller,
    from: StreamEntity,
    to: StreamEntity,
    facts: MoveFactsInput,
  ): Promise<MoveNoticeDrafts> {
    const botId = caller.realm.notificationBotId;
    const bot = botId === null ? null : await this.users.findById(caller.realm.id, botId);
    if (!bot) return { drafts: [] };
    const subscribers = new Map<number, number[]>();
    for (const channel of [from, to])
      if (!subscribers.has(channel.id))
        subscribers.set(channel.id, await this.streams.subscriberIds(channel.id));
    const actor = silentMention(caller.user);
    const resolving = facts.resolved || facts.unresolved;
    const channelMoved = from.id !== to.id;
    const texts: Array<{ channel: StreamEntity; topic: string; content: string; everyoneReads: boolean }> =
      [];
    if (resolving && !channelMoved && !facts.contentEdited)
      texts.push({
        channel: to,
        topic: facts.newTopic,
        content: resolutionNotice(actor, facts.resolved),
        everyoneReads: true,
      });
    const moveFacts = {
      actor,
      movedCount: facts.movedIds.length,
      movedWholeTopic: facts.movedWholeTopic,
      destinationWasEmpty: facts.destinationWasEmpty,
      oldLocation: topicLinkSyntax(from.id, from.name, facts.oldTopic),
      newLocation: topicLinkSyntax(to.id, to.name, facts.newTopic),
      movedMessageUrl: messageNearUrl(caller.realm.url, {
        id: facts.targetId,
        type: 'stream',
        stream_id: to.id,
        display_recipient: to.name,
        subject: facts.newTopic,
      }),
    };
    // A resolution is announced by its own notice, not as a move (unless the channel changes).
    if (facts.toNewThread && (channelMoved || (facts.oldTopic !== facts.newTopic && !resolving)))
      texts.push({
        channel: to,
        topic: facts.newTopic,
        content: newTopicNotice(moveFacts),
        everyoneReads: false,
      });
    if (facts.toOldThread)
      texts.push({
        channel: from,
        topic: facts.oldTopic,
        content: oldTopicNotice(moveFacts),
        everyoneReads: false,
      });
    const botCaller = { user: bot, realm: caller.realm };
    const drafts = await Promise.all(
      texts.map(async (text) => {
        const subscriberIds = subscribers.get(text.channel.id)!;
        const readers = text.everyoneReads ? [...subscriberIds, caller.user.id] : [caller.user.id];
        const draft = await this.sendMessage.draftForNewChannel(
          botCaller,
          text.topic,
          text.content,
          subscriberIds,
          readers,
        );
        return { draft, channel: text.channel, subscriberIds };
      }),
    );
    return { drafts };
  }

  async write(tx: ChatTransaction, notices: MoveNoticeDrafts): Promise<void> {
    if (notices.drafts.length === 0) return;
    await this.sendMessage.write(
      tx,
      notices.drafts.map(({ draft, channel, subscriberIds }) =>
        this.sendMessage.addressToNewChannel(draft, channel, subscriberIds),
      ),
    );
  }
}
