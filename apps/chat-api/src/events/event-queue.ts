import type { ChatEventV1 } from '@shared/contracts';
import { EMPTY_TOPIC_DISPLAY_NAME } from '../core/server-facts.js';
import { InitialStateFence } from './initial-state-fence.js';
import { fromMessageRuns } from './message-runs.js';
import { matchesNarrow, type NarrowTerm } from './narrow-predicate.js';
import { type PresenceFormatOptions, shapePresenceEvent } from './presence-event.js';

export interface QueueOptions extends PresenceFormatOptions {
  readonly userId: number;
  readonly realmId: number;
  // null: every type.
  readonly eventTypes: ReadonlySet<string> | null;
  readonly applyMarkdown: boolean;
  readonly clientGravatar: boolean;
  // Also every public channel's messages (bots that read everything).
  readonly allPublicStreams: boolean;
  // Only the message events that match these terms.
  readonly narrow: readonly NarrowTerm[];
  // client_capabilities: the client shows the empty topic itself (else "general chat").
  readonly emptyTopicName: boolean;
  // client_capabilities: the client wants typing events of channel topics.
  readonly streamTypingNotifications: boolean;
  // client_capabilities: the client takes one delete_message event for many messages.
  readonly bulkMessageDeletion: boolean;
  // A queue nobody polls for this long is dropped (queue_lifespan_secs).
  readonly lifespanMs: number;
}

export type QueuedEvent = Record<string, unknown> & { id: number };

// What a client's last_event_id says about the queue (Zulip's fetch_events checks).
export type Acknowledgement = 'ok' | 'already-pruned' | 'not-in-queue';

// One client's event queue (Zulip's ClientDescriptor and EventQueue), held in the memory of the
// replica that created it. Event ids count from 0; the client acknowledges with last_event_id.
export class EventQueue {
  private events: QueuedEvent[] = [];
  // Zulip's virtual events: flag changes of one kind pushed since the last answer travel as one
  // event (the newest id, every message), as clients marking messages read while scrolling
  // would otherwise fill the queue. Removing `read` carries message_details and is never merged.
  private readonly merged = new Map<string, QueuedEvent>();
  private nextId = 0;
  private newestPrunedId = -1;
  private waiter: (() => void) | null = null;
  lastActivity: number;
  constructor(
    readonly id: string,
    readonly options: QueueOptions,
    now: number,
    // Keeps out the events the client's initial state already includes.
    readonly fence = new InitialStateFence(false),
  ) {
    this.lastActivity = now;
  }

  get waiting(): boolean {
    return this.waiter !== null;
  }

  wants(type: string): boolean {
    return this.options.eventTypes === null || this.options.eventTypes.has(type);
  }

  // Zulip's accepts_event, for an event shaped for this queue: the registered event types, the
  // narrow for messages, and channel typing only for clients that declared
  // stream_typing_notifications.
  accepts(event: Readonly<Record<string, unknown>>): boolean {
    const type = String(event['type']);
    if (!this.wants(type)) return false;
    // The legacy muted_topics goes only to clients that did not also ask for user_topic.
    if (type === 'muted_topics' && this.options.eventTypes?.has('user_topic')) return false;
    if (type === 'message')
      return matchesNarrow(
        this.options.narrow,
        event['message'] as Record<string, unknown>,
        event['flags'] as string[],
      );
    if (type === 'typing' && 'stream_id' in event) return this.options.streamTypingNotifications;
    return true;
  }

  push(event: Record<string, unknown>): void {
    const queued: QueuedEvent = { ...event, id: this.nextId++ };
    const kind = mergeableKind(queued);
    const pending = kind === null ? undefined : this.merged.get(kind);
    if (kind === null) this.events.push(queued);
    else if (pending === undefined) this.merged.set(kind, queued);
    else
      this.merged.set(kind, {
        ...pending,
        id: queued.id,
        messages: [...(pending['messages'] as number[]), ...(queued['messages'] as number[])],
      });
    this.wake();
  }

  // Drops the events up to lastEventId, as Zulip's prune, refusing an id the queue never held.
  acknowledge(lastEventId: number): Acknowledgement {
    if (lastEventId < this.newestPrunedId) return 'already-pruned';
    while (this.events.length > 0 && this.events[0]!.id <= lastEventId)
      this.newestPrunedId = this.events.shift()!.id;
    return lastEventId === this.newestPrunedId ? 'ok' : 'not-in-queue';
  }

  isEmpty(): boolean {
    return this.events.length === 0 && this.merged.size === 0;
  }

  // Every unacknowledged event, merged flag changes in their place by id.
  contents(): QueuedEvent[] {
    if (this.merged.size > 0) {
      this.events = [...this.events, ...this.merged.values()].sort((a, b) => a.id - b.id);
      this.merged.clear();
    }
    return [...this.events];
  }

  // Resolves when an event arrives or the queue is dropped; a newer poll replaces an older one,
  // which then answers with what the queue holds, as in Zulip.
  waitForEvent(): Promise<void> {
    const previous = this.waiter;
    return new Promise((resolve) => {
      this.waiter = resolve;
      previous?.();
    });
  }

  wake(): void {
    const waiter = this.waiter;
    this.waiter = null;
    waiter?.();
  }

  // The event as this queue's client asked for it (Markdown or HTML, avatar URLs, the empty
  // topic's name, the presence format).
  shape(chatEvent: ChatEventV1): Record<string, unknown> {
    const { event, messageRuns } = chatEvent;
    if (messageRuns) return this.topicNamed({ ...event, messages: fromMessageRuns(messageRuns) });
    if (event['type'] === 'presence') return shapePresenceEvent(event, this.options);
    // update_message carries each user's flags for the edited message, as `message` does.
    if (event['type'] === 'update_message')
      return this.topicNamed({ ...event, flags: chatEvent.flagsByUser?.[String(this.options.userId)] ?? [] });
    if (event['type'] !== 'message') return this.topicNamed({ ...event });
    const message = { ...(event['message'] as Record<string, unknown>) };
    if (!this.options.applyMarkdown && chatEvent.markdown !== undefined) {
      message['content'] = chatEvent.markdown;
      message['content_type'] = 'text/x-markdown';
    }
    if (this.options.clientGravatar) message['avatar_url'] = null;
    if (message['type'] === 'stream') message['subject'] = this.topicName(message['subject']);
    const flags = chatEvent.flagsByUser?.[String(this.options.userId)] ?? [];
    const echo = chatEvent.senderQueueId === this.id ? { local_message_id: chatEvent.localId } : {};
    return { ...event, message, flags, ...echo };
  }

  // Zulip's process_deletion_event: a client without the bulk_message_deletion capability gets
  // one delete_message event per message, its id as a scalar message_id.
  shapeAll(chatEvent: ChatEventV1): Array<Record<string, unknown>> {
    const shaped = this.shape(chatEvent);
    if (shaped['type'] !== 'delete_message' || this.options.bulkMessageDeletion) return [shaped];
    const { message_ids: ids, ...single } = shaped;
    return (ids as number[]).map((messageId) => ({ ...single, message_id: messageId }));
  }

  // Zulip sends clients without the empty_topic_name capability the empty topic under the
  // realm's display name: channel typing, deletions and moves, and the details of messages
  // marked unread.
  private topicNamed(event: Record<string, unknown>): Record<string, unknown> {
    if (this.options.emptyTopicName) return event;
    if ((event['type'] === 'typing' || event['type'] === 'delete_message') && 'topic' in event)
      return { ...event, topic: this.topicName(event['topic']) };
    if (event['type'] === 'update_message' && 'orig_subject' in event)
      return {
        ...event,
        orig_subject: this.topicName(event['orig_subject']),
        ...('subject' in event ? { subject: this.topicName(event['subject']) } : {}),
      };
    const details = event['message_details'] as Record<string, Record<string, unknown>> | undefined;
    if (event['type'] !== 'update_message_flags' || details === undefined) return event;
    const named = Object.entries(details).map(([id, detail]) => [
      id,
      detail['type'] === 'stream' ? { ...detail, topic: this.topicName(detail['topic']) } : detail,
    ]);
    return { ...event, message_details: Object.fromEntries(named) };
  }

  private topicName(topic: unknown): unknown {
    return topic === '' && !this.options.emptyTopicName ? EMPTY_TOPIC_DISPLAY_NAME : topic;
  }
}

// Zulip's compute_full_event_type for the flag changes it merges (`flags/<op>/<flag>`).
function mergeableKind(event: QueuedEvent): string | null {
  if (event['type'] !== 'update_message_flags' || event['all'] === true) return null;
  if (event['operation'] === 'remove' && event['flag'] === 'read') return null;
  return `flags/${String(event['operation'])}/${String(event['flag'])}`;
}
