import type { ForeignEventListener } from './environment-identity.js';
import type { EventEnvelope, Subscription } from './event-envelope.js';

// The one seam between the apps and the broker. Delivery is at least once: handlers must be
// idempotent (the inbox makes them so). A group receives each event once; different groups
// each receive every event.
export interface EventBus {
  connect(): Promise<void>;
  publish(events: readonly EventEnvelope[]): Promise<void>;
  subscribe(subscription: Subscription): Promise<void>;
  isReady(): Promise<boolean>;
  // Called for each event refused before any handler saw it: it carried another environment's
  // id or none (metrics count them).
  onForeignEvent(listener: ForeignEventListener): void;
  // How many events wait for each durable group, partition by partition, as the broker (or the
  // in-memory log) says now: the newest offset less the group's committed one. Groups that start
  // at the latest offset commit nothing and are left out.
  consumerLag(): Promise<readonly ConsumerLag[]>;
  disconnect(): Promise<void>;
}

export interface ConsumerLag {
  readonly groupId: string;
  // The logical topic (without a deployment's prefix).
  readonly topic: string;
  readonly partition: number;
  readonly lag: number;
}

export const EVENT_BUS = Symbol('EventBus');
