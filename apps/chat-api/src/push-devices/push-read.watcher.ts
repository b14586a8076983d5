import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EVENT_BUS, type EventBus, TransactionalOutbox } from '@platform/messaging';
import { LOGGER, type Logger } from '@platform/logging';
import { ChatTopic, type ChatEventV1, type ChatTopics } from '@shared/contracts';
import { ChatApiConfig } from '../core/chat-api.config.js';
import { whenBusReady } from '../core/events/bus-ready.js';
import { pushServiceOf } from '../core/push-service.js';
import { fromMessageRuns } from '../events/message-runs.js';
import { PushRemovals } from './push-removals.js';
import { PushWorker } from './push.worker.js';

// Every replica in one consumer group: each chat event reaches one of them, and its committed
// offset survives restarts, so no read is missed while the replicas are down.
const GROUP_ID = 'chat-api-push-reads';

// Notifications of messages a user has read, or that were deleted (or moved out of the user's
// reach), come off the user's phones: the chat events that say so (`update_message_flags`
// adding `read`, for listed ids or `all`, and `delete_message`) queue the removal calls. Only
// with a push service.
@Injectable()
export class PushReadWatcher implements OnApplicationBootstrap {
  constructor(
    private readonly config: ChatApiConfig,
    private readonly removals: PushRemovals,
    private readonly worker: PushWorker,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<ChatTopics>,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!pushServiceOf(this.config)) return;
    await whenBusReady(this.bus);
    await this.bus.subscribe({
      groupId: GROUP_ID,
      topics: [ChatTopic.Events],
      startFrom: 'earliest',
      handle: (envelope) => this.handle(envelope.payload as ChatEventV1),
    });
    this.logger.info({ groupId: GROUP_ID }, 'push read watcher subscribed');
  }

  private async handle(chatEvent: ChatEventV1): Promise<void> {
    const allRead = marksAllRead(chatEvent);
    const messageIds = noLongerUnread(chatEvent);
    if (!allRead && messageIds.length === 0) return;
    const queued = await this.outbox.run((tx) =>
      allRead
        ? this.removals.queueAllRead(tx, chatEvent.userIds)
        : this.removals.queue(tx, chatEvent.userIds, messageIds),
    );
    if (queued) this.worker.wake();
  }
}

// POST /mark_all_as_read's event, which lists no ids (`all: true`).
function marksAllRead({ event }: ChatEventV1): boolean {
  return isReadAdded(event) && event['all'] === true;
}

function isReadAdded(event: Record<string, unknown>): boolean {
  return event['type'] === 'update_message_flags' && event['op'] === 'add' && event['flag'] === 'read';
}

// The messages an event takes out of its users' unread ones.
function noLongerUnread({ event, messageRuns }: ChatEventV1): number[] {
  if (isReadAdded(event))
    return messageRuns ? fromMessageRuns(messageRuns) : ((event['messages'] as number[] | undefined) ?? []);
  if (event['type'] === 'delete_message') return (event['message_ids'] as number[] | undefined) ?? [];
  return [];
}
