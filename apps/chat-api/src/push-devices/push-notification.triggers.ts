import { Injectable } from '@nestjs/common';
import { ChatApiConfig } from '../core/chat-api.config.js';
import type { ChatTransaction } from '../core/events/chat-event.publisher.js';
import {
  ListensToMessageSends,
  type MessageSendListener,
  type SentMessage,
} from '../core/messages/message-send-lifecycle.js';
import { pushServiceOf } from '../core/push-service.js';
import { PushDevicesRepository } from './push-devices.repository.js';
import type { NewPushJob } from './push-jobs.repository.js';
import { PushQueue } from './push-queue.js';
import { messagePayloads, type PushTrigger } from './push-payloads.js';

// Who a sent message notifies on their phones (Zulip's push triggers): the other participants
// of a direct message, the users a channel message mentions (by name or through a group).
// Bots, and users without a registered phone, are left out. A notification is queued in the
// send's transaction; whether the message is still unread (a muted sender's messages arrive
// read) is checked when it goes out.
@ListensToMessageSends()
@Injectable()
export class PushNotificationTriggers implements MessageSendListener {
  private readonly enabled: boolean;

  constructor(
    config: ChatApiConfig,
    private readonly devices: PushDevicesRepository,
    private readonly queue: PushQueue,
  ) {
    this.enabled = pushServiceOf(config) !== null;
  }

  async messagesSent(tx: ChatTransaction, messages: readonly SentMessage[]): Promise<void> {
    if (!this.enabled) return;
    const targets = messages.map((message) => ({ message, ...notified(message) }));
    const owners = await this.devices.usersWithTokens(tx, [
      ...new Set(targets.flatMap((target) => target.userIds)),
    ]);
    const jobs: NewPushJob[] = targets.flatMap(({ message, userIds, trigger }) => {
      const reached = userIds.filter((userId) => owners.has(userId));
      if (reached.length === 0) return [];
      const row = message.markdownRow();
      return reached.map((userId) => ({
        kind: 'message' as const,
        realmId: message.realm.id,
        userId,
        data: { messageId: message.id, payloads: messagePayloads(message.realm, userId, trigger, row) },
      }));
    });
    await this.queue.add(tx, jobs);
  }
}

function notified(message: SentMessage): { userIds: number[]; trigger: PushTrigger } {
  const others = (ids: Iterable<number>) => [...ids].filter((id) => id !== message.sender.id);
  if (!message.isChannelMessage) return { userIds: others(message.recipientIds), trigger: 'direct_message' };
  const recipients = new Set(message.recipientIds);
  return { userIds: others(message.mentionedUserIds).filter((id) => recipients.has(id)), trigger: 'mention' };
}
