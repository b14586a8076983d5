import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { ChatEventV1 } from '@shared/contracts';
import { Clock } from '@shared/util';
import { ChatApiConfig } from '../chat-api.config.js';
import { EventQueue, type QueueOptions } from './event-queue.js';

const SWEEP_INTERVAL_MS = 10_000;

// This replica's event queues, by id and by user; idle ones are dropped.
@Injectable()
export class EventQueueRegistry implements OnModuleDestroy {
  private readonly queues = new Map<string, EventQueue>();
  private readonly byUser = new Map<number, Set<EventQueue>>();
  private readonly sweeper: NodeJS.Timeout;
  private readonly idleMs: number;

  constructor(
    private readonly clock: Clock,
    config: ChatApiConfig,
  ) {
    this.idleMs = config.CHAT_EVENT_QUEUE_IDLE_MS;
    this.sweeper = setInterval(() => this.sweep(), SWEEP_INTERVAL_MS);
    this.sweeper.unref();
  }

  create(options: QueueOptions): EventQueue {
    // Zulip's queue ids look like `1700000000:12`; any unguessable string works for clients.
    const id = `${Math.floor(this.clock.now().getTime() / 1000)}:${randomBytes(9).toString('hex')}`;
    const queue = new EventQueue(id, options, this.clock.now().getTime());
    this.queues.set(id, queue);
    const own = this.byUser.get(options.userId) ?? new Set();
    own.add(queue);
    this.byUser.set(options.userId, own);
    return queue;
  }

  find(id: string): EventQueue | undefined {
    const queue = this.queues.get(id);
    if (queue) queue.lastActivity = this.clock.now().getTime();
    return queue;
  }

  delete(queue: EventQueue): void {
    this.queues.delete(queue.id);
    this.byUser.get(queue.options.userId)?.delete(queue);
  }

  deliver(chatEvent: ChatEventV1): void {
    const type = String(chatEvent.event['type']);
    for (const userId of chatEvent.userIds) {
      for (const queue of this.byUser.get(userId) ?? []) {
        if (queue.options.realmId === chatEvent.realmId && queue.wants(type))
          queue.push(queue.shape(chatEvent));
      }
    }
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
  }

  private sweep(): void {
    const oldest = this.clock.now().getTime() - this.idleMs;
    for (const queue of this.queues.values()) if (queue.lastActivity < oldest) this.delete(queue);
  }
}
