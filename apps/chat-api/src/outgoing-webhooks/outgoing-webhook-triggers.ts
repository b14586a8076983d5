import { Injectable } from '@nestjs/common';
import { ChatTopic } from '@shared/contracts';
import type { ChatTransaction } from '../core/events/chat-event.publisher.js';
import {
  ListensToMessageSends,
  type MessageSendListener,
  type SentMessage,
} from '../core/messages/message-send-lifecycle.js';
import { BotInterface } from '../bots/bot-service.entity.js';
import { ApiKeyVault } from '../users/api-key-vault.js';
import { OutgoingWebhookBotsRepository, type ServiceBot } from './outgoing-webhook-bots.repository.js';
import { type OutgoingWebhookTrigger, requestFor, triggeringMessage } from './outgoing-webhook-request.js';
import { OutgoingWebhookReplier } from './outgoing-webhook.replier.js';

interface TriggeredBot extends ServiceBot {
  readonly trigger: OutgoingWebhookTrigger;
}

// Zulip's get_service_bot_events for outgoing-webhook bots: a channel message triggers the bots
// it mentions (a mention inside code is no mention), a direct message the bots among its
// recipients; a message sent by a bot never triggers (no loops between bots). Each trigger is a
// request to webhook-dispatcher, published in the send's transaction.
@ListensToMessageSends()
@Injectable()
export class OutgoingWebhookTriggers implements MessageSendListener {
  constructor(
    private readonly bots: OutgoingWebhookBotsRepository,
    private readonly vault: ApiKeyVault,
    private readonly replier: OutgoingWebhookReplier,
  ) {}

  async messagesSent(tx: ChatTransaction, messages: readonly SentMessage[]): Promise<void> {
    for (const message of messages) {
      if (message.sender.botType !== null) continue;
      const candidates = message.isChannelMessage
        ? [...message.mentionedUserIds]
        : message.recipientIds.filter((id) => id !== message.sender.id);
      if (candidates.length === 0) continue;
      const trigger: OutgoingWebhookTrigger = message.isChannelMessage ? 'mention' : 'direct_message';
      for (const bot of await this.bots.activeAmong(tx.manager, message.realm.id, candidates))
        await this.request(tx, message, { ...bot, trigger });
    }
  }

  private async request(tx: ChatTransaction, message: SentMessage, bot: TriggeredBot): Promise<void> {
    const row = message.markdownRow();
    const requestId = `${message.id}:${bot.user.id}`;
    const trigger = {
      realmId: message.realm.id,
      botUserId: bot.user.id,
      interface: bot.service.interface,
      message: triggeringMessage(row),
    };
    // Zulip's Slack interface refuses direct messages without calling the service.
    if (bot.service.interface === BotInterface.SLACK_COMPATIBLE && !message.isChannelMessage) {
      await this.replier.enqueue(tx, requestId, trigger, { kind: 'slack_direct_message' });
      return;
    }
    const { headers, body } = requestFor(bot.service.interface, {
      realmId: message.realm.id,
      realmHost: new URL(message.realm.url).host,
      bot: { id: bot.user.id, email: bot.user.email, fullName: bot.user.fullName },
      token: this.vault.unseal(bot.service.tokenSealed),
      trigger: bot.trigger,
      message: row,
    });
    await tx.publish(
      ChatTopic.OutgoingWebhookRequested,
      { requestId, url: bot.service.baseUrl, headers, body, trigger },
      { key: `${message.realm.id}:${bot.user.id}` },
    );
  }
}
