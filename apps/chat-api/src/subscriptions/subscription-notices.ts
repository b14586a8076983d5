import { Injectable } from '@nestjs/common';
import type { ChatCaller } from '../core/http/chat-caller.js';
import type { ChatTransaction } from '../core/events/chat-event.publisher.js';
import { type PreparedMessage, SendMessageUseCase } from '../messages/send-message.use-case.js';
import type { UserEntity } from '../core/accounts/user.entity.js';
import { UsersRepository } from '../users/users.repository.js';

// What one user is told: the channels someone else subscribed them to, and the prepared message.
export interface SubscriptionNotice {
  readonly channels: ReadonlySet<string>;
  readonly message: PreparedMessage;
}

// Zulip's "subscribed you to" notices (send_messages_for_new_subscribers): the Notification Bot
// tells each person (not bots, not the acting user) which existing channels someone else
// subscribed them to. They are prepared before the subscribing transaction, from who is
// subscribed to what then, and written inside it when that prediction still holds, so a notice
// is committed with its subscriptions or not at all.
@Injectable()
export class SubscriptionNotices {
  constructor(
    private readonly users: UsersRepository,
    private readonly sendMessage: SendMessageUseCase,
  ) {}

  // Who may be told: people other than the acting user.
  audience(caller: ChatCaller, users: readonly UserEntity[]): UserEntity[] {
    return users.filter((user) => user.id !== caller.user.id && user.botType === null);
  }

  async prepare(
    caller: ChatCaller,
    // Keyed by members of the audience.
    channelsByUser: ReadonlyMap<UserEntity, ReadonlySet<string>>,
  ): Promise<Map<number, SubscriptionNotice>> {
    const notices = new Map<number, SubscriptionNotice>();
    const botId = caller.realm.notificationBotId;
    const bot = botId ? await this.users.findById(caller.realm.id, botId) : null;
    if (!bot) return notices;
    for (const [user, channels] of channelsByUser) {
      if (channels.size === 0) continue;
      const message = await this.sendMessage.prepare(
        { user: bot, realm: caller.realm },
        {
          type: 'direct',
          to: JSON.stringify([user.id]),
          topic: undefined,
          content: noticeText(caller.user, channels),
          readBySender: true,
          client: 'Internal',
        },
      );
      notices.set(user.id, { channels, message });
    }
    return notices;
  }

  // Writes the notices whose channels are exactly those the users were just subscribed to
  // (a concurrent change since they were prepared leaves that user's notice out).
  async write(
    tx: ChatTransaction,
    notices: ReadonlyMap<number, SubscriptionNotice>,
    subscribed: ReadonlyMap<number, ReadonlySet<string>>,
  ): Promise<void> {
    const due = [...notices]
      .filter(([userId, notice]) => sameNames(notice.channels, subscribed.get(userId)))
      .map(([, notice]) => notice.message);
    if (due.length > 0) await this.sendMessage.write(tx, due);
  }
}

// Zulip's you_were_just_subscribed_message, channel names sorted by code point.
function noticeText(actor: UserEntity, channels: ReadonlySet<string>): string {
  const mention = `@_**${actor.fullName}|${actor.id}**`;
  const names = [...channels].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (names.length === 1) return `${mention} subscribed you to #**${names[0]}**.`;
  return `${mention} subscribed you to the following channels:\n\n${names.map((name) => `* #**${name}**\n`).join('')}`;
}

function sameNames(a: ReadonlySet<string>, b: ReadonlySet<string> | undefined): boolean {
  return b !== undefined && a.size === b.size && [...a].every((name) => b.has(name));
}
