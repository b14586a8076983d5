import type { ConsumerLag, EventBus } from './event-bus.js';
import type { EventEnvelope, EventHandler, Subscription } from './event-envelope.js';

// The standalone and test bus: one process, Kafka's semantics where they matter — every group
// gets every event, a group handles one topic's events in order, a group that joins late
// starts from the oldest retained event, and a failing handler sees the event again.
const RETAINED_EVENTS_PER_TOPIC = 10_000;
const REDELIVERY_DELAY_MS = 200;

interface GroupCursor {
  readonly handle: EventHandler;
  readonly durable: boolean;
  position: number;
  draining: boolean;
}

export class InMemoryEventBus implements EventBus {
  private readonly logs = new Map<string, { offset: number; events: EventEnvelope[] }>();
  private readonly groups = new Map<string, Map<string, GroupCursor>>();
  private connected = false;

  async connect(): Promise<void> {
    this.connected = true;
  }

  async publish(events: readonly EventEnvelope[]): Promise<void> {
    for (const event of events) {
      const log = this.logOf(event.topic);
      log.events.push(event);
      if (log.events.length > RETAINED_EVENTS_PER_TOPIC) {
        log.events.shift();
        log.offset += 1;
      }
    }
    for (const topic of new Set(events.map((event) => event.topic))) this.wake(topic);
  }

  async subscribe({ groupId, topics, handle, startFrom = 'earliest' }: Subscription): Promise<void> {
    for (const topic of topics) {
      const cursors = this.groups.get(topic) ?? new Map<string, GroupCursor>();
      if (cursors.has(groupId)) throw new Error(`Group ${groupId} already consumes ${topic} in this process`);
      const log = this.logOf(topic);
      const position = startFrom === 'latest' ? log.offset + log.events.length : log.offset;
      cursors.set(groupId, { handle, durable: startFrom === 'earliest', position, draining: false });
      this.groups.set(topic, cursors);
      this.wake(topic);
    }
  }

  async isReady(): Promise<boolean> {
    return this.connected;
  }

  // One process is one deployment: every event on this bus was published by it, so none is
  // ever foreign (the environment check guards what crosses a shared broker).
  onForeignEvent(): void {}

  // One partition per topic; a cursor's position is the offset of the next event it will handle.
  async consumerLag(): Promise<readonly ConsumerLag[]> {
    const lags: ConsumerLag[] = [];
    for (const [topic, cursors] of this.groups) {
      const log = this.logOf(topic);
      for (const [groupId, cursor] of cursors)
        if (cursor.durable)
          lags.push({ groupId, topic, partition: 0, lag: log.offset + log.events.length - cursor.position });
    }
    return lags;
  }

  async disconnect(): Promise<void> {
    this.connected = false;
  }

  private logOf(topic: string) {
    let log = this.logs.get(topic);
    if (!log) {
      log = { offset: 0, events: [] };
      this.logs.set(topic, log);
    }
    return log;
  }

  private wake(topic: string): void {
    for (const cursor of this.groups.get(topic)?.values() ?? []) {
      if (!cursor.draining) void this.drain(topic, cursor);
    }
  }

  private async drain(topic: string, cursor: GroupCursor): Promise<void> {
    cursor.draining = true;
    const log = this.logOf(topic);
    try {
      while (this.connected && cursor.position < log.offset + log.events.length) {
        // Events trimmed before this group read them are skipped, as Kafka's retention would.
        cursor.position = Math.max(cursor.position, log.offset);
        const event = log.events[cursor.position - log.offset]!;
        try {
          await cursor.handle(event);
          cursor.position += 1;
        } catch {
          await new Promise((resolve) => setTimeout(resolve, REDELIVERY_DELAY_MS));
        }
      }
    } finally {
      cursor.draining = false;
    }
  }
}
