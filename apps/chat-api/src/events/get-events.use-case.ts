import { Injectable } from '@nestjs/common';
import type { ChatCaller } from '../auth/chat-caller.js';
import { ChatApiConfig } from '../chat-api.config.js';
import { ChatError, ChatErrorCode } from '../request/chat.error.js';
import { UserRole } from '../users/user.entity.js';
import type { EventQueue, QueuedEvent } from './event-queue.js';
import { EventQueueRegistry, type NewQueueOptions } from './event-queue.registry.js';
import { checkNarrowForEvents } from './narrow-predicate.js';

export type QueueSettings = Omit<NewQueueOptions, 'userId' | 'realmId'>;

export interface PollCommand {
  readonly queueId: string | undefined;
  readonly lastEventId: number | undefined;
  readonly dontBlock: boolean;
  // For a queue GET /events creates (no queue_id, dont_block).
  readonly newQueue: QueueSettings;
}

export interface PollResult {
  readonly events: QueuedEvent[];
  readonly queue_id?: string;
}

// GET /events (long polling) and DELETE /events, as Zulip's Tornado serves them (fetch_events).
@Injectable()
export class EventQueueAccess {
  private readonly heartbeatMs: number;

  constructor(
    private readonly registry: EventQueueRegistry,
    config: ChatApiConfig,
  ) {
    this.heartbeatMs = config.CHAT_EVENTS_HEARTBEAT_MS;
  }

  // Answers at once when events are pending or `dont_block` (without `queue_id`, as Zulip);
  // else waits for one, and after the heartbeat period answers with a `heartbeat` event.
  // `closed` ends the wait early.
  async poll(caller: ChatCaller, command: PollCommand, closed: Promise<void>): Promise<PollResult> {
    assertPublicStreamsAllowed(caller, command.newQueue.allPublicStreams);
    if (command.queueId === undefined) {
      if (!command.dontBlock) throw ChatError.badRequest("Missing 'queue_id' argument");
      checkNarrowForEvents(command.newQueue.narrow);
      const queue = this.registry.create({
        userId: caller.user.id,
        realmId: caller.realm.id,
        ...command.newQueue,
      });
      return { events: queue.contents(), queue_id: queue.id };
    }
    if (command.lastEventId === undefined) throw ChatError.badRequest("Missing 'last_event_id' argument");
    const queue = this.owned(caller, command.queueId);
    acknowledge(queue, command.lastEventId);
    if (!queue.isEmpty() || command.dontBlock) return { events: queue.contents() };
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), this.heartbeatMs);
    });
    const outcome = await Promise.race([queue.waitForEvent(), timedOut, closed]);
    clearTimeout(timer);
    if (outcome === 'timeout') queue.push({ type: 'heartbeat' });
    // An answered long poll names its queue (Zulip's finish_handler); an immediate one does not.
    return { events: queue.contents(), queue_id: queue.id };
  }

  delete(caller: ChatCaller, queueId: string): Record<string, never> {
    this.registry.delete(this.owned(caller, queueId));
    return {};
  }

  // Zulip's access_client_descriptor: another user's queue is as unknown as a missing one.
  private owned(caller: ChatCaller, queueId: string): EventQueue {
    const queue = this.registry.find(queueId);
    if (!queue || queue.options.userId !== caller.user.id)
      throw new ChatError(ChatErrorCode.BAD_EVENT_QUEUE_ID, `Bad event queue ID: ${queueId}`, {
        queue_id: queueId,
      });
    return queue;
  }
}

// Guests may not read every public channel's messages.
export function assertPublicStreamsAllowed(caller: ChatCaller, allPublicStreams: boolean): void {
  if (allPublicStreams && caller.user.role === UserRole.GUEST)
    throw ChatError.badRequest('User not authorized for this query');
}

function acknowledge(queue: EventQueue, lastEventId: number): void {
  const outcome = queue.acknowledge(lastEventId);
  if (outcome === 'already-pruned')
    throw ChatError.badRequest(`An event newer than ${lastEventId} has already been pruned!`);
  if (outcome === 'not-in-queue') throw ChatError.badRequest(`Event ${lastEventId} was not in this queue`);
}
