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
  disconnect(): Promise<void>;
}

export const EVENT_BUS = Symbol('EventBus');
