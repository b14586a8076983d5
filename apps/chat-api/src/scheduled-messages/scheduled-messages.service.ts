import { Inject, Injectable } from '@nestjs/common';
import { TransactionalOutbox } from '@platform/messaging';
import type { ChatTopics } from '@shared/contracts';
import { Clock } from '@shared/util';
import type { ChatCaller } from '../core/http/chat-caller.js';
import type { ChatTransaction } from '../core/events/chat-event.publisher.js';
import { MessagePreview } from '../messages/message-preview.js';
import { normalizeContent, normalizeTopic } from '../messages/message-text.js';
import { ChatError } from '../core/http/chat.error.js';
import { assertFutureDelivery, pastDeliveryTime } from './delivery-time.js';
import { ScheduleDestination, type ScheduleKind, type ScheduleTo } from './schedule-destination.js';
import { DeliveryType } from './scheduled-message.entity.js';
import { announceScheduled } from './scheduled-message.events.js';
import { scheduledMessageRow } from './scheduled-message.presenter.js';
import { ScheduledDeliveryWorker } from './scheduled-delivery.worker.js';
import { ScheduledMessagesRepository } from './scheduled-messages.repository.js';

export interface ScheduleCommand {
  readonly kind: ScheduleKind;
  readonly to: ScheduleTo;
  readonly topic: string | undefined;
  readonly content: string;
  readonly deliverAt: Date;
  readonly readBySender: boolean | undefined;
  readonly client: string;
}

export interface RescheduleCommand {
  readonly kind: ScheduleKind | undefined;
  readonly to: ScheduleTo | undefined;
  readonly topic: string | undefined;
  readonly content: string | undefined;
  readonly deliverAt: Date | undefined;
  readonly client: string;
}

// Clients Zulip treats as a person typing (their scheduled messages start read for the sender).
const INTERACTIVE_CLIENTS = new Set([
  'zulipandroid',
  'zulipios',
  'zulipdesktop',
  'zulipmobile',
  'zulipelectron',
  'zulipterminal',
  'snipe',
  'website',
  'ios',
  'android',
]);

// Zulip's scheduled messages: validated as a message would be, stored, delivered by the worker.
// The owner's queues get scheduled_messages add/update/remove events.
@Injectable()
export class ScheduledMessagesService {
  constructor(
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<ChatTopics>,
    private readonly rows: ScheduledMessagesRepository,
    private readonly destination: ScheduleDestination,
    private readonly preview: MessagePreview,
    private readonly worker: ScheduledDeliveryWorker,
    private readonly clock: Clock,
  ) {}

  async list(caller: ChatCaller) {
    const rows = await this.rows.pending(caller.realm.id, caller.user.id, DeliveryType.SEND_LATER);
    return { scheduled_messages: rows.map(scheduledMessageRow) };
  }

  async create(caller: ChatCaller, command: ScheduleCommand): Promise<{ scheduled_message_id: number }> {
    assertFutureDelivery(command.deliverAt, this.clock.now());
    const destination = await this.destination.resolve(caller, command.kind, command.to, command.topic);
    const content = normalizeContent(command.content);
    // Rendered before the transaction: the mention lookup reads through another connection.
    const renderedContent = await this.preview.html(caller.realm.id, content);
    const toSelfOnly =
      destination.streamId === null && destination.recipientIds.every((id) => id === caller.user.id);
    return this.outbox.run(async (tx) => {
      const row = await this.rows.insert(tx, {
        realmId: caller.realm.id,
        senderId: caller.user.id,
        deliveryType: DeliveryType.SEND_LATER,
        ...destination,
        content,
        renderedContent,
        client: command.client,
        readBySender: command.readBySender ?? (isInteractive(command.client) && !toSelfOnly),
        scheduledAt: command.deliverAt,
        reminderTargetMessageId: null,
        reminderNote: null,
      });
      await this.announce(tx, caller, { op: 'add', scheduled_messages: [scheduledMessageRow(row)] });
      tx.afterCommit(() => this.worker.wake());
      return { scheduled_message_id: row.id };
    });
  }

  async edit(caller: ChatCaller, id: number, command: RescheduleCommand): Promise<Record<string, never>> {
    const { kind, to, topic, content, deliverAt } = command;
    if (kind === undefined && to === undefined && topic === undefined && content === undefined && !deliverAt)
      throw ChatError.badRequest('Nothing to change');
    if (kind !== undefined && to === undefined)
      throw ChatError.badRequest('Recipient required when updating type of scheduled message.');
    if (kind === 'stream' && topic === undefined)
      throw ChatError.badRequest('Topic required when updating scheduled message type to channel.');
    if (deliverAt) assertFutureDelivery(deliverAt, this.clock.now());
    // Rendered before the transaction: the mention lookup reads through another connection.
    const nextContent = content === undefined ? undefined : normalizeContent(content);
    const rendered =
      nextContent === undefined
        ? undefined
        : { content: nextContent, renderedContent: await this.preview.html(caller.realm.id, nextContent) };
    await this.outbox.run(async (tx) => {
      const row = await this.rows.findOwned(tx, caller.realm.id, caller.user.id, DeliveryType.SEND_LATER, id);
      if (!row) throw ChatError.notFound('Scheduled message does not exist');
      if (row.delivered) throw ChatError.badRequest('Scheduled message was already sent');
      if (row.failed && !deliverAt) throw pastDeliveryTime();
      const currentKind: ScheduleKind = row.streamId !== null ? 'stream' : 'direct';
      if (kind !== undefined || to !== undefined || content !== undefined) {
        const nextKind = kind ?? currentKind;
        const nextTo = to ?? row.streamId ?? row.recipientIds;
        const destination = await this.destination.resolve(caller, nextKind, nextTo, topic ?? row.topic, tx);
        if (kind !== undefined || to !== undefined) Object.assign(row, destination);
        if (rendered) Object.assign(row, rendered);
      }
      // A topic alone changes a channel message only; direct messages have none.
      if (kind === undefined && to === undefined && topic !== undefined && currentKind === 'stream')
        row.topic = normalizeTopic(topic);
      if (deliverAt) row.scheduledAt = deliverAt;
      row.client = command.client;
      row.failed = false;
      row.failureMessage = null;
      row.claimedUntil = null;
      await this.rows.save(tx, row);
      await this.announce(tx, caller, { op: 'update', scheduled_message: scheduledMessageRow(row) });
      tx.afterCommit(() => this.worker.wake());
    });
    return {};
  }

  async delete(caller: ChatCaller, id: number): Promise<Record<string, never>> {
    await this.outbox.run(async (tx) => {
      const row = await this.rows.findOwned(tx, caller.realm.id, caller.user.id, DeliveryType.SEND_LATER, id);
      if (!row) throw ChatError.notFound('Scheduled message does not exist');
      await this.rows.delete(tx, row.id);
      await this.announce(tx, caller, { op: 'remove', scheduled_message_id: row.id });
    });
    return {};
  }

  private announce(tx: ChatTransaction, caller: ChatCaller, change: Record<string, unknown>): Promise<void> {
    return announceScheduled(tx, caller.realm.id, caller.user.id, change);
  }
}

function isInteractive(client: string): boolean {
  const name = client.toLowerCase();
  return INTERACTIVE_CLIENTS.has(name) || name.includes('desktop app') || name.startsWith('zulipflutter');
}
