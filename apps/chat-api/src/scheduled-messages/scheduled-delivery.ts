import { Inject, Injectable } from '@nestjs/common';
import { TransactionalOutbox } from '@platform/messaging';
import { LOGGER, type Logger } from '@platform/logging';
import type { ChatEventV1, ChatTopics } from '@shared/contracts';
import { Clock } from '@shared/util';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { publishChatEvents } from '../core/events/chat-event.publisher.js';
import { once, type PreparationMemo } from '../messages/preparation-memo.js';
import { type PreparedMessage, SendMessageUseCase } from '../messages/send-message.use-case.js';
import { RealmsRepository } from '../realms/realms.repository.js';
import { ChatError } from '../core/http/chat.error.js';
import { pythonDatetimeText } from '../core/http/python-isoformat.js';
import { UsersRepository } from '../users/users.repository.js';
import { DeliveryType, type ScheduledMessageEntity } from './scheduled-message.entity.js';
import { scheduledMessageRow } from './scheduled-message.presenter.js';
import { announceScheduled, scheduledEvent } from './scheduled-message.events.js';
import { ScheduledMessagesRepository } from './scheduled-messages.repository.js';

// Zulip gives up on a scheduled message this late (a reminder is sent however late).
const LATE_CUTOFF_MS = 10 * 60_000;

// A failure that is not worth telling the sender about (their account or realm is gone).
class SilentFailure extends Error {}

interface ReadyRow {
  readonly row: ScheduledMessageEntity;
  readonly message: PreparedMessage;
}

// Delivers claimed rows through the send-message use case, marking them delivered in the same
// transaction (never sent twice). A refusal marks a row failed with Zulip's reason; the sender
// of a failed scheduled message hears about it from the Notification Bot.
//
// Many rows fall due together (a thousand in the same second is a target), so a batch is sent
// as one: each row is checked and prepared on its own (a refusal fails that row only; the
// batch's rows share their reads of senders, channels and subscribers), then all the prepared
// ones are written in one transaction, a statement per step for all of them. Should that
// transaction fail, each row is tried again alone, so one bad row cannot hold back the others.
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

  async deliver(batch: readonly ScheduledMessageEntity[]): Promise<void> {
    const memo: PreparationMemo = new Map();
    const prepared = await Promise.all(batch.map((row) => this.prepare(row, memo)));
    const ready = prepared.filter((item): item is ReadyRow => item !== null);
    if (ready.length === 0) return;
    try {
      await this.send(ready);
    } catch (error) {
      if (ready.length === 1) return this.fail(ready[0]!.row, error);
      for (const item of ready) await this.send([item]).catch((alone: unknown) => this.fail(item.row, alone));
    }
  }

  private async prepare(row: ScheduledMessageEntity, memo: PreparationMemo): Promise<ReadyRow | null> {
    try {
      const sender = await this.senderOf(row, memo);
      const message =
        row.deliveryType === DeliveryType.REMIND
          ? await this.sendMessage.prepare(
              await this.notificationBot(sender, memo),
              {
                type: 'direct',
                to: JSON.stringify([row.senderId]),
                topic: undefined,
                content: row.content,
                readBySender: true,
                client: 'Internal',
              },
              memo,
            )
          : await this.prepareScheduled(row, sender, memo);
      return { row, message };
    } catch (error) {
      await this.fail(row, error);
      return null;
    }
  }

  private prepareScheduled(
    row: ScheduledMessageEntity,
    sender: ChatCaller,
    memo: PreparationMemo,
  ): Promise<PreparedMessage> {
    if (this.clock.now().getTime() > row.scheduledAt.getTime() + LATE_CUTOFF_MS)
      throw ChatError.badRequest('Message could not be sent at the scheduled time.');
    return this.sendMessage.prepare(
      sender,
      {
        type: row.streamId !== null ? 'stream' : 'direct',
        to: row.streamId !== null ? String(row.streamId) : JSON.stringify(row.recipientIds),
        topic: row.topic,
        content: row.content,
        readBySender: row.readBySender,
        client: row.client,
      },
      memo,
    );
  }

  // Rows delivered, failed or deleted since they were claimed are left out (and not sent).
  private async send(ready: readonly ReadyRow[]): Promise<void> {
    await this.outbox.run(async (tx) => {
      const pending = await this.rows.lockPending(
        tx,
        ready.map(({ row }) => row.id),
      );
      const sending = ready.filter(({ row }) => pending.has(row.id));
      if (sending.length === 0) return;
      const messageIds = await this.sendMessage.write(
        tx,
        sending.map(({ message }) => message),
      );
      await this.rows.markDelivered(
        tx,
        sending.map(({ row }, index) => ({ id: row.id, messageId: messageIds[index]! })),
      );
      await publishChatEvents(
        tx,
        sending.map(({ row }) => settledEvent(row)),
      );
    });
  }

  private senderOf(row: ScheduledMessageEntity, memo: PreparationMemo): Promise<ChatCaller> {
    return once(memo, `sender:${row.realmId}:${row.senderId}`, async () => {
      const realm = await this.realms.findById(row.realmId);
      if (!realm || realm.deactivated) throw new SilentFailure('This organization has been deactivated');
      const user = await this.users.findById(row.realmId, row.senderId);
      if (!user || !user.isActive) throw new SilentFailure('Account is deactivated');
      return { user, realm };
    });
  }

  private async fail(row: ScheduledMessageEntity, error: unknown): Promise<void> {
    const known = error instanceof ChatError || error instanceof SilentFailure;
    if (!known) this.logger.error({ err: error, scheduledMessageId: row.id }, 'scheduled delivery failed');
    const reason = known ? error.message : 'Internal server error';
    const failed = await this.outbox.run(async (tx) => {
      const updated = await this.rows.markFailed(tx, row.id, reason);
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
    const owner = await this.senderOf(row, new Map());
    // Zulip's wording, down to the space its time mark carries before " was not sent".
    const when = `<time:${pythonDatetimeText(row.scheduledAt)}> `;
    await this.sendMessage.execute(await this.notificationBot(owner), {
      type: 'direct',
      to: JSON.stringify([row.senderId]),
      topic: undefined,
      content:
        `The message you scheduled for ${when} was not sent because of the following error:\n\n` +
        `> ${reason}\n\n[View scheduled messages](#scheduled)`,
      readBySender: true,
      client: 'Internal',
    });
  }

  private notificationBot(owner: ChatCaller, memo: PreparationMemo = new Map()): Promise<ChatCaller> {
    return once(memo, `bot:${owner.realm.id}`, async () => {
      const bot = owner.realm.notificationBotId
        ? await this.users.findById(owner.realm.id, owner.realm.notificationBotId)
        : null;
      if (!bot) throw new SilentFailure('Notification Bot is missing');
      return { user: bot, realm: owner.realm };
    });
  }
}

// What the owner's queues are told once a row is delivered.
function settledEvent(row: ScheduledMessageEntity): ChatEventV1 {
  return row.deliveryType === DeliveryType.REMIND
    ? {
        realmId: row.realmId,
        userIds: [row.senderId],
        event: { type: 'reminders', op: 'remove', reminder_id: row.id },
      }
    : scheduledEvent(row.realmId, row.senderId, { op: 'remove', scheduled_message_id: row.id });
}
