import { Injectable } from '@nestjs/common';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { ChatApiConfig } from '../core/chat-api.config.js';
import { ChatError, ChatErrorCode } from '../core/http/chat.error.js';
import { UserRole } from '../core/accounts/user.entity.js';
import type { EventQueue } from './event-queue.js';
import { EventQueueRegistry, type NewQueueOptions } from './event-queue.registry.js';
import type { HeldQueuePoll, PollResult } from './held-queue-poll.js';
import { checkNarrowForEvents } from './narrow-predicate.js';
import { ChatReplica } from './chat-replica.js';
import { RemoteEventQueues } from './remote-event-queues.js';

export type QueueSettings = Omit<NewQueueOptions, 'userId' | 'realmId'>;

export interface PollCommand {
  readonly queueId: string | undefined;
  readonly lastEventId: number | undefined;
  readonly dontBlock: boolean;
  // For a queue GET /events creates (no queue_id, dont_block).
  readonly newQueue: QueueSettings;
}

// GET /events (long polling) and DELETE /events, as Zulip's Tornado serves them (fetch_events).
// A queue lives in the memory of the replica that created it: a request for another replica's
// queue is passed to that replica, which answers it as if it had come there.
@Injectable()
export class EventQueueAccess {
  private readonly heartbeatMs: number;

  constructor(
    private readonly registry: EventQueueRegistry,
    private readonly replica: ChatReplica,
    private readonly remote: RemoteEventQueues,
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
      const queue = await this.registry.create(
        {
          userId: caller.user.id,
          realmId: caller.realm.id,
          ...command.newQueue,
        },
        { readsInitialState: false },
      );
      return { events: queue.contents(), queue_id: queue.id };
    }
    if (command.lastEventId === undefined) throw ChatError.badRequest("Missing 'last_event_id' argument");
    const poll = {
      userId: caller.user.id,
      queueId: command.queueId,
      lastEventId: command.lastEventId,
      dontBlock: command.dontBlock,
    };
    const owner = this.replica.elsewhere(command.queueId);
    if (owner !== null) return (await this.remote.poll(owner, poll)) ?? badQueue(command.queueId);
    return this.pollHeld(poll, closed);
  }

  async pollHeld(poll: HeldQueuePoll, closed: Promise<void>): Promise<PollResult> {
    const queue = this.owned(poll.userId, poll.queueId);
    acknowledge(queue, poll.lastEventId);
    if (!queue.isEmpty() || poll.dontBlock) return { events: queue.contents() };
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

  async delete(caller: ChatCaller, queueId: string): Promise<Record<string, never>> {
    const owner = this.replica.elsewhere(queueId);
    if (owner === null) return this.deleteHeld(caller.user.id, queueId);
    return (await this.remote.delete(owner, { userId: caller.user.id, queueId })) ?? badQueue(queueId);
  }

  deleteHeld(userId: number, queueId: string): Record<string, never> {
    this.registry.delete(this.owned(userId, queueId));
    return {};
  }

  // Zulip's access_client_descriptor: another user's queue is as unknown as a missing one.
  private owned(userId: number, queueId: string): EventQueue {
    const queue = this.registry.find(queueId);
    if (!queue || queue.options.userId !== userId) return badQueue(queueId);
    return queue;
  }
}

// Also the answer for a queue whose replica is gone: as after a restart of Zulip's Tornado, the
// client registers a new queue.
function badQueue(queueId: string): never {
  throw new ChatError(ChatErrorCode.BAD_EVENT_QUEUE_ID, `Bad event queue ID: ${queueId}`, {
    queue_id: queueId,
  });
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
