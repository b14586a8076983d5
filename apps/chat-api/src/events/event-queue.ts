import type { ChatEventV1 } from '@shared/contracts';
import { fromMessageRuns } from './message-runs.js';

export interface QueueOptions {
  readonly userId: number;
  readonly realmId: number;
  // null: every type.
  readonly eventTypes: ReadonlySet<string> | null;
  readonly applyMarkdown: boolean;
  readonly clientGravatar: boolean;
}

export type QueuedEvent = Record<string, unknown> & { id: number };

// One client's event queue (Zulip's ClientDescriptor), held in the memory of the replica that
// created it. Event ids count from 0; the client acknowledges with last_event_id.
export class EventQueue {
  private readonly events: QueuedEvent[] = [];
  private nextId = 0;
  private waiter: (() => void) | null = null;
  lastActivity: number;

  constructor(
    readonly id: string,
    readonly options: QueueOptions,
    now: number,
  ) {
    this.lastActivity = now;
  }

  wants(type: string): boolean {
    return this.options.eventTypes === null || this.options.eventTypes.has(type);
  }

  push(event: Record<string, unknown>): void {
    this.events.push({ ...event, id: this.nextId++ });
    const waiter = this.waiter;
    this.waiter = null;
    waiter?.();
  }

  // Drops what the client has acknowledged and returns the rest.
  acknowledge(lastEventId: number | undefined): QueuedEvent[] {
    if (lastEventId !== undefined) {
      while (this.events.length > 0 && this.events[0]!.id <= lastEventId) this.events.shift();
    }
    return [...this.events];
  }

  // Resolves when an event arrives; a newer poll replaces an older one, as in Zulip.
  waitForEvent(): Promise<void> {
    const previous = this.waiter;
    return new Promise((resolve) => {
      this.waiter = resolve;
      previous?.();
    });
  }

  // The event as this queue's client asked for it (Markdown or HTML, avatar URLs).
  shape(chatEvent: ChatEventV1): Record<string, unknown> {
    const { event, messageRuns } = chatEvent;
    if (messageRuns) return { ...event, messages: fromMessageRuns(messageRuns) };
    if (event['type'] !== 'message') return { ...event };
    const message = { ...(event['message'] as Record<string, unknown>) };
    if (!this.options.applyMarkdown && chatEvent.markdown !== undefined) {
      message['content'] = chatEvent.markdown;
      message['content_type'] = 'text/x-markdown';
    }
    if (this.options.clientGravatar) message['avatar_url'] = null;
    return { ...event, message, flags: chatEvent.flagsByUser?.[String(this.options.userId)] ?? [] };
  }
}
