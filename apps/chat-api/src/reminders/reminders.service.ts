import { Inject, Injectable } from '@nestjs/common';
import { TransactionalOutbox } from '@platform/messaging';
import type { ChatTopics } from '@shared/contracts';
import { Clock } from '@shared/util';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { type ChatTransaction, publishChatEvent } from '../core/events/chat-event.publisher.js';
import { MessagePreview } from '../messages/message-preview.js';
import { GetMessageQuery } from '../messages/get-message.query.js';
import { ChatError } from '../core/http/chat.error.js';
import { assertFutureDelivery } from '../scheduled-messages/delivery-time.js';
import { DeliveryType } from '../scheduled-messages/scheduled-message.entity.js';
import { reminderRow } from '../scheduled-messages/scheduled-message.presenter.js';
import { ScheduledDeliveryWorker } from '../scheduled-messages/scheduled-delivery.worker.js';
import { ScheduledMessagesRepository } from '../scheduled-messages/scheduled-messages.repository.js';
import { reminderContent } from './reminder-content.js';

export interface RemindCommand {
  readonly messageId: number;
  readonly deliverAt: Date;
  readonly note: string | undefined;
  readonly client: string;
}

// Zulip's reminders: a scheduled row of the REMIND kind that the delivery worker sends as a
// Notification Bot direct message to its owner. The owner's queues get `reminders` events.
@Injectable()
export class RemindersService {
  constructor(
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<ChatTopics>,
    private readonly rows: ScheduledMessagesRepository,
    private readonly messages: GetMessageQuery,
    private readonly preview: MessagePreview,
    private readonly worker: ScheduledDeliveryWorker,
    private readonly clock: Clock,
  ) {}

  async list(caller: ChatCaller) {
    const rows = await this.rows.pending(caller.realm.id, caller.user.id, DeliveryType.REMIND);
    return { reminders: rows.map(reminderRow) };
  }

  async create(caller: ChatCaller, command: RemindCommand): Promise<{ reminder_id: number }> {
    assertFutureDelivery(command.deliverAt, this.clock.now());
    const target = await this.messages.execute(caller, command.messageId, {
      applyMarkdown: false,
      // Zulip links to the topic by its stored name, which is empty for "general chat".
      allowEmptyTopicName: true,
    });
    const content = reminderContent(target.message, target.raw_content, command.note ?? '', caller.realm.url);
    // Rendered before the transaction: the mention lookup reads through another connection.
    const renderedContent = await this.preview.html(caller.realm.id, content);
    return this.outbox.run(async (tx) => {
      const row = await this.rows.insert(tx, {
        realmId: caller.realm.id,
        senderId: caller.user.id,
        deliveryType: DeliveryType.REMIND,
        streamId: null,
        recipientIds: [caller.user.id],
        topic: '',
        content,
        renderedContent,
        client: command.client,
        readBySender: false,
        scheduledAt: command.deliverAt,
        reminderTargetMessageId: command.messageId,
        reminderNote: command.note ?? null,
      });
      await this.announce(tx, caller, { op: 'add', reminders: [reminderRow(row)] });
      tx.afterCommit(() => this.worker.wake());
      return { reminder_id: row.id };
    });
  }

  async delete(caller: ChatCaller, id: number): Promise<Record<string, never>> {
    await this.outbox.run(async (tx) => {
      const row = await this.rows.findOwned(tx, caller.realm.id, caller.user.id, DeliveryType.REMIND, id);
      // Zulip's access_reminder finds delivered reminders too (their rows are kept).
      if (!row) throw ChatError.notFound('Reminder does not exist');
      await this.rows.delete(tx, row.id);
      await this.announce(tx, caller, { op: 'remove', reminder_id: row.id });
    });
    return {};
  }

  private announce(tx: ChatTransaction, caller: ChatCaller, change: Record<string, unknown>): Promise<void> {
    return publishChatEvent(tx, {
      realmId: caller.realm.id,
      userIds: [caller.user.id],
      event: { type: 'reminders', ...change },
    });
  }
}
