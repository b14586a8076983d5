import { Injectable } from '@nestjs/common';
import type { ChatCaller } from '../core/http/chat-caller.js';
import type { ChatTransaction } from '../core/events/chat-event.publisher.js';
import { type NewChannelDraft, SendMessageUseCase } from '../messages/send-message.use-case.js';
import type { UserEntity } from '../core/accounts/user.entity.js';
import { UsersRepository } from '../users/users.repository.js';
import type { StreamEntity } from '../streams/stream.entity.js';
import { StreamsRepository } from '../streams/streams.repository.js';

// Zulip's Realm.STREAM_EVENTS_NOTIFICATION_TOPIC_NAME.
export const CHANNEL_EVENTS_TOPIC = 'channel events';

export interface NewChannelRequest {
  readonly name: string;
  readonly description: string;
}

export interface NewChannelSettings {
  readonly inviteOnly: boolean;
  readonly historyPublic: boolean;
}

// Zulip's channel creation notice (send_messages_for_new_subscribers): the Notification Bot
// posts, in the new channel's "channel events" topic, who created it, its kind and description;
// its first subscribers get it, read for the creator. Drafted before the subscribing
// transaction for the channels that do not exist then, and written in it for those it created.
@Injectable()
export class ChannelCreationNotices {
  constructor(
    private readonly users: UsersRepository,
    private readonly streams: StreamsRepository,
    private readonly sendMessage: SendMessageUseCase,
  ) {}

  // Keyed by lower-cased channel name.
  async prepare(
    caller: ChatCaller,
    requests: readonly NewChannelRequest[],
    settings: NewChannelSettings,
    subscribers: readonly UserEntity[],
  ): Promise<Map<string, NewChannelDraft>> {
    const drafts = new Map<string, NewChannelDraft>();
    const botId = caller.realm.notificationBotId;
    const bot = botId ? await this.users.findById(caller.realm.id, botId) : null;
    if (!bot) return drafts;
    const existing = await this.streams.findManyByNames(
      caller.realm.id,
      requests.map((request) => request.name),
    );
    const taken = new Set(existing.map((stream) => stream.nameKey));
    const missing = requests.filter((request) => !taken.has(request.name.toLowerCase()));
    const texts = await this.sendMessage.draftsForNewChannel(
      { user: bot, realm: caller.realm },
      CHANNEL_EVENTS_TOPIC,
      missing.map((request) => noticeText(caller.user, request.description, settings)),
      subscribers.map((user) => user.id),
      [caller.user.id],
    );
    missing.forEach((request, index) => drafts.set(request.name.toLowerCase(), texts[index]!));
    return drafts;
  }

  async write(
    tx: ChatTransaction,
    drafts: ReadonlyMap<string, NewChannelDraft>,
    created: readonly StreamEntity[],
    subscribers: readonly UserEntity[],
  ): Promise<void> {
    const due = created.flatMap((stream) => {
      const draft = drafts.get(stream.name.toLowerCase());
      return draft
        ? [
            this.sendMessage.addressToNewChannel(
              draft,
              stream,
              subscribers.map((user) => user.id),
            ),
          ]
        : [];
    });
    if (due.length > 0) await this.sendMessage.write(tx, due);
  }
}

function noticeText(creator: UserEntity, description: string, settings: NewChannelSettings): string {
  const kind = !settings.inviteOnly
    ? 'Public'
    : settings.historyPublic
      ? 'Private, shared history'
      : 'Private, protected history';
  const about = description === '' ? '*No description.*' : description;
  return (
    `**${kind}** channel created by @_**${creator.fullName}|${creator.id}**. **Description:**\n` +
    `\`\`\`\` quote\n${about}\n\`\`\`\``
  );
}
