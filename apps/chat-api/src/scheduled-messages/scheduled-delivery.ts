import { Inject, Injectable } from '@nestjs/common';
import { TransactionalOutbox } from '@platform/messaging';
import { LOGGER, type Logger } from '@platform/logging';
import type { ChatTopics } from '@shared/contracts';
import { Clock } from '@shared/util';
import type { ChatCaller } from '../auth/chat-caller.js';
import { type ChatTransaction, publishChatEvent } from '../events/chat-event.publisher.js';
import { SendMessageUseCase } from '../messages/send-message.use-case.js';
import { RealmsRepository } from '../realms/realms.repository.js';
import { ChatError } from '../request/chat.error.js';
import { UsersRepository } from '../users/users.repository.js';
import { DeliveryType, type ScheduledMessageEntity } from './scheduled-message.entity.js';
import { scheduledMessageRow } from './scheduled-message.presenter.js';
import { announceScheduled } from './scheduled-message.events.js';
import { ScheduledMessagesRepository } from './scheduled-messages.repository.js';

// Zulip gives up on a scheduled message this late (a reminder is sent however late).
const LATE_CUTOFF_MS = 10 * 60_000;

// Raised inside the sending transaction when the row was delivered, failed or deleted meanwhile.
class AlreadySettled extends Error {}

// A failure that is not worth telling the sender about (their account or realm is gone).
class SilentFailure extends Error {}

// Delivers one claimed row through the send-message use case, marking it delivered in the same
// transaction (never sent twice). A refusal marks it failed with Zulip's reason; the sender of
// a failed scheduled message hears about it from the Notification Bot.
@Injectable()
export class ScheduledDelivery {
  constructor(
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<ChatTopics>,
    private readonly rows: ScheduledMessagesRepository,
    private readonly sendMessage: SendMessageUseCase,
    private readonly users: UsersRepository,
    private readonly realms: RealmsRepository,
    private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async deliver(row: ScheduledMessageEntity): Promise<void> {
    try {
      const sender = await this.senderOf(row);
      if (row.deliveryType === DeliveryType.REMIND) await this.remind(row, sender);
      else await this.send(row, sender);
    } catch (error) {
      if (error instanceof AlreadySettled) return;
      await this.fail(row, error);
    }
  }

  private async senderOf(row: ScheduledMessageEntity): Promise<ChatCaller> {
    const realm = await this.realms.findById(row.realmId);
    if (!realm || realm.deactivated) throw new SilentFailure('This organization has been deactivated');
    const user = await this.users.findById(row.realmId, row.senderId);
    if (!user || !user.isActive) throw new SilentFailure('Account is deactivated');
    return { user, realm };
  }

  private async send(row: ScheduledMessageEntity, sender: ChatCaller): Promise<void> {
    if (this.clock.now().getTime() > row.scheduledAt.getTime() + LATE_CUTOFF_MS)
      throw ChatError.badRequest('Message could not be sent at the scheduled time.');
    await this.sendMessage.execute(
      sender,
      {
        type: row.streamId !== null ? 'stream' : 'direct',
        to: row.streamId !== null ? String(row.streamId) : JSON.stringify(row.recipientIds),
        topic: row.topic,
        content: row.content,
        readBySender: row.readBySender,
        client: row.client,
      },
      async (tx, messageId) => {
        await this.settle(tx, row, messageId);
        await announceScheduled(tx, row.realmId, row.senderId, {
          op: 'remove',
          scheduled_message_id: row.id,
        });
      },
    );
  }

  private async remind(row: ScheduledMessageEntity, owner: ChatCaller): Promise<void> {
    await this.sendMessage.execute(
      await this.notificationBot(owner),
      {
        type: 'direct',
        to: JSON.stringify([row.senderId]),
        topic: undefined,
        content: row.content,
        readBySender: true,
        client: 'Internal',
      },
      async (tx, messageId) => {
        await this.settle(tx, row, messageId);
        await publishChatEvent(tx, {
          realmId: row.realmId,
          userIds: [row.senderId],
          event: { type: 'reminders', op: 'remove', reminder_id: row.id },
        });
      },
    );
  }

  private async settle(tx: ChatTransaction, row: ScheduledMessageEntity, messageId: number): Promise<void> {
    if (!(await this.rows.markDelivered(tx.manager, row.id, messageId))) throw new AlreadySettled();
  }

  private async fail(row: ScheduledMessageEntity, error: unknown): Promise<void> {
    const known = error instanceof ChatError || error instanceof SilentFailure;
    if (!known) this.logger.error({ err: error, scheduledMessageId: row.id }, 'scheduled delivery failed');
    const reason = known ? error.message : 'Internal server error';
    const failed = await this.outbox.run(async (tx) => {
      const updated = await this.rows.markFailed(tx.manager, row.id, reason);
      if (updated && updated.deliveryType === DeliveryType.SEND_LATER && !(error instanceof SilentFailure))
        await announceScheduled(tx, row.realmId, row.senderId, {
          op: 'update',
          scheduled_message: scheduledMessageRow(updated),
        });
      return updated;
    });
    if (!failed || failed.deliveryType !== DeliveryType.SEND_LATER || error instanceof SilentFailure) return;
    await this.tellSender(failed, reason).catch((notice: unknown) =>
      this.logger.error({ err: notice, scheduledMessageId: row.id }, 'failure notice not sent'),
    );
  }

  private async tellSender(row: ScheduledMessageEntity, reason: string): Promise<void> {
    const owner = await this.senderOf(row);
    const when = row.scheduledAt.toISOString().replace(/\.\d{3}Z$/, '+00:00');
    await this.sendMessage.execute(await this.notificationBot(owner), {
      type: 'direct',
      to: JSON.stringify([row.senderId]),
      topic: undefined,
      content:
        `The message you scheduled for <time:${when}> was not sent because of the following error:\n\n` +
        `> ${reason}\n\n[View scheduled messages](#scheduled)`,
      readBySender: true,
      client: 'Internal',
    });
  }

  private async notificationBot(owner: ChatCaller): Promise<ChatCaller> {
    const bot = owner.realm.notificationBotId
      ? await this.users.findById(owner.realm.id, owner.realm.notificationBotId)
      : null;
    if (!bot) throw new SilentFailure('Notification Bot is missing');
    return { user: bot, realm: owner.realm };
  }
}
