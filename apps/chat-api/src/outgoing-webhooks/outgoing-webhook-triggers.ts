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

  // One read of the bots per realm for the whole batch (scheduled messages come in thousands).
  async messagesSent(tx: ChatTransaction, messages: readonly SentMessage[]): Promise<void> {
    const triggering = messages.flatMap((message) => {
      if (message.sender.botType !== null) return [];
      const candidates = message.isChannelMessage
        ? [...message.mentionedUserIds]
        : message.recipientIds.filter((id) => id !== message.sender.id);
      return candidates.length === 0 ? [] : [{ message, candidates: candidates.sort((a, b) => a - b) }];
    });
    const botsByRealm = new Map<number, Map<number, ServiceBot>>();
    for (const { message } of triggering) {
      if (botsByRealm.has(message.realm.id)) continue;
      const candidates = triggering
        .filter((other) => other.message.realm.id === message.realm.id)
        .flatMap((other) => other.candidates);
      const bots = await this.bots.activeAmong(tx, message.realm.id, [...new Set(candidates)]);
      botsByRealm.set(message.realm.id, new Map(bots.map((bot) => [bot.user.id, bot])));
    }
    for (const { message, candidates } of triggering) {
      const trigger: OutgoingWebhookTrigger = message.isChannelMessage ? 'mention' : 'direct_message';
      for (const id of candidates) {
        const bot = botsByRealm.get(message.realm.id)!.get(id);
        if (bot) await this.request(tx, message, { ...bot, trigger });
      }
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
