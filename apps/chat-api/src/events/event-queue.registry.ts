import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { ChatEventV1 } from '@shared/contracts';
import { Clock, IdGenerator } from '@shared/util';
import { ChatApiConfig } from '../core/chat-api.config.js';
import { EventQueue, type QueueOptions } from './event-queue.js';
import { InitialStateFence } from './initial-state-fence.js';
import { ChatReplica } from './chat-replica.js';

const SWEEP_INTERVAL_MS = 10_000;
// Zulip's MAX_QUEUE_TIMEOUT_SECS: the longest lifespan a client may ask for.
const MAX_LIFESPAN_SECONDS = 7 * 24 * 60 * 60;

export type NewQueueOptions = Omit<QueueOptions, 'lifespanMs'> & {
  // queue_lifespan_secs; 0 is the server's default.
  readonly lifespanSeconds: number;
};

// This replica's event queues, by id and by user; queues nobody polls for their lifespan are
// dropped (a queue with a poll waiting is never idle).
@Injectable()
export class EventQueueRegistry implements OnModuleDestroy {
  private readonly queues = new Map<string, EventQueue>();
  private readonly byUser = new Map<number, Set<EventQueue>>();
  // By realm: the queues that also read public channels they are not subscribed to (Zulip's
  // realm_clients_all_streams: all_public_streams, or a narrow).
  private readonly publicReaders = new Map<number, Set<EventQueue>>();
  private readonly sweeper: NodeJS.Timeout;
  private readonly defaultLifespanMs: number;

  constructor(
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly replica: ChatReplica,
    config: ChatApiConfig,
  ) {
    this.defaultLifespanMs = config.CHAT_EVENT_QUEUE_IDLE_MS;
    this.sweeper = setInterval(() => this.sweep(), SWEEP_INTERVAL_MS);
    this.sweeper.unref();
  }

  // `readsInitialState`: the caller reads the initial state next and settles the queue's fence.
  async create(
    { lifespanSeconds, ...options }: NewQueueOptions,
    { readsInitialState }: { readsInitialState: boolean },
  ): Promise<EventQueue> {
    const lifespanMs =
      lifespanSeconds === 0 ? this.defaultLifespanMs : Math.min(lifespanSeconds, MAX_LIFESPAN_SECONDS) * 1000;
    // Before the id is handed out: a poll of it at another replica is passed here.
    await this.replica.register();
    // Zulip's queue ids are random UUIDs; this replica's id before it tells where it lives.
    const id = this.replica.queueId(this.ids.uuid());
    const queue = new EventQueue(
      id,
      { ...options, lifespanMs },
      this.clock.now().getTime(),
      new InitialStateFence(readsInitialState),
    );
    this.queues.set(queue.id, queue);
    addTo(this.byUser, options.userId, queue);
    if (options.allPublicStreams || options.narrow.length > 0)
      addTo(this.publicReaders, options.realmId, queue);
    return queue;
  }

  find(id: string): EventQueue | undefined {
    const queue = this.queues.get(id);
    if (queue) queue.lastActivity = this.clock.now().getTime();
    return queue;
  }

  // A poll waiting on the queue answers with what it holds.
  delete(queue: EventQueue): void {
    this.queues.delete(queue.id);
    this.byUser.get(queue.options.userId)?.delete(queue);
    this.publicReaders.get(queue.options.realmId)?.delete(queue);
    queue.wake();
  }

  // Appends the event to the queues of its users (and, for a public channel's message, of the
  // realm's public readers) that accept it as shaped for them. `xid`: the transaction that
  // committed it, if known.
  deliver(chatEvent: ChatEventV1, xid?: bigint): void {
    const type = String(chatEvent.event['type']);
    const targets = new Set<EventQueue>();
    for (const userId of chatEvent.userIds)
      for (const queue of this.byUser.get(userId) ?? []) targets.add(queue);
    if (chatEvent.publicChannel)
      for (const queue of this.publicReaders.get(chatEvent.realmId) ?? []) targets.add(queue);
    for (const queue of targets) {
      if (queue.options.realmId !== chatEvent.realmId || !queue.wants(type)) continue;
      queue.fence.pass(xid, () => {
        for (const shaped of queue.shapeAll(chatEvent)) if (queue.accepts(shaped)) queue.push(shaped);
      });
    }
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
  }

  private sweep(): void {
    const now = this.clock.now().getTime();
    for (const queue of this.queues.values())
      if (!queue.waiting && now - queue.lastActivity >= queue.options.lifespanMs) this.delete(queue);
  }
}

function addTo(index: Map<number, Set<EventQueue>>, key: number, queue: EventQueue): void {
  const queues = index.get(key) ?? new Set<EventQueue>();
  queues.add(queue);
  index.set(key, queues);
}
