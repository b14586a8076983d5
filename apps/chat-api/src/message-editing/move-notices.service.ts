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

// A Notification Bot message rendered before the transaction that moves, with the channel it
// goes to and that channel's subscribers.
export interface NoticeDraft {
  readonly draft: NewChannelDraft;
  readonly channel: StreamEntity;
  readonly subscriberIds: readonly number[];
}

// What the Notification Bot will say about a move: the resolution notice (unless the undo grace
// period takes the previous one back instead), then the breadcrumbs.
export interface MoveNoticeDrafts {
  readonly resolution: NoticeDraft | null;
  readonly breadcrumbs: readonly NoticeDraft[];
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
    if (!bot) return { resolution: null, breadcrumbs: [] };
    const subscribers = new Map<number, number[]>();
    for (const channel of [from, to])
      if (!subscribers.has(channel.id))
        subscribers.set(channel.id, await this.streams.subscriberIds(channel.id));
    const actor = silentMention(caller.user);
    const resolving = facts.resolved || facts.unresolved;
    const channelMoved = from.id !== to.id;
    const texts: Array<{ channel: StreamEntity; topic: string; content: string; isResolution: boolean }> = [];
    if (resolving && !channelMoved && !facts.contentEdited)
      texts.push({
        channel: to,
        topic: facts.newTopic,
        content: resolutionNotice(actor, facts.resolved),
        isResolution: true,
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
        isResolution: false,
      });
    if (facts.toOldThread)
      texts.push({
        channel: from,
        topic: facts.oldTopic,
        content: oldTopicNotice(moveFacts),
        isResolution: false,
      });
    const botCaller = { user: bot, realm: caller.realm };
    const drafts = await Promise.all(
      texts.map(async (text): Promise<NoticeDraft> => {
        const subscriberIds = subscribers.get(text.channel.id)!;
        // A resolution notice arrives read for everyone, a breadcrumb for the mover alone.
        const readers = text.isResolution ? [...subscriberIds, caller.user.id] : [caller.user.id];
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
    return texts[0]?.isResolution
      ? { resolution: drafts[0]!, breadcrumbs: drafts.slice(1) }
      : { resolution: null, breadcrumbs: drafts };
  }

  // Writes the given notices, in order, in one statement.
  async write(tx: ChatTransaction, notices: readonly NoticeDraft[]): Promise<void> {
    if (notices.length === 0) return;
    await this.sendMessage.write(
      tx,
      notices.map(({ draft, channel, subscriberIds }) =>
        this.sendMessage.addressToNewChannel(draft, channel, subscriberIds),
      ),
    );
  }
}
