import { Injectable } from '@nestjs/common';
import type { ChatCaller } from '../auth/chat-caller.js';
import { ChatApiConfig } from '../chat-api.config.js';
import { ChatError, ChatErrorCode } from '../request/chat.error.js';
import type { EventQueue } from './event-queue.js';
import { EventQueueRegistry } from './event-queue.registry.js';

// GET /events (long polling) and DELETE /events, as Zulip's Tornado serves them.
@Injectable()
export class EventQueueAccess {
  private readonly heartbeatMs: number;

  constructor(
    private readonly registry: EventQueueRegistry,
    config: ChatApiConfig,
  ) {
    this.heartbeatMs = config.CHAT_EVENTS_HEARTBEAT_MS;
  }

  // Answers at once when events are pending or `dont_block`; else waits for one, and after the
  // heartbeat period answers with a `heartbeat` event. `closed` ends the wait early.
  async poll(
    caller: ChatCaller,
    queueId: string,
    lastEventId: number | undefined,
    dontBlock: boolean,
    closed: Promise<void>,
  ) {
    const queue = this.owned(caller, queueId);
    let events = queue.acknowledge(lastEventId);
    if (events.length === 0 && !dontBlock) {
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), this.heartbeatMs);
      });
      const outcome = await Promise.race([queue.waitForEvent(), timedOut, closed]);
      clearTimeout(timer);
      if (outcome === 'timeout') queue.push({ type: 'heartbeat' });
      events = queue.acknowledge(lastEventId);
    }
    return { events, queue_id: queue.id };
  }

  delete(caller: ChatCaller, queueId: string): Record<string, never> {
    this.registry.delete(this.owned(caller, queueId));
    return {};
  }

  private owned(caller: ChatCaller, queueId: string): EventQueue {
    const queue = this.registry.find(queueId);
    if (!queue)
      throw new ChatError(ChatErrorCode.BAD_EVENT_QUEUE_ID, `Bad event queue ID: ${queueId}`, {
        queue_id: queueId,
      });
    if (queue.options.userId !== caller.user.id)
      throw ChatError.badRequest('You are not authorized to get events from this queue');
    return queue;
  }
}
