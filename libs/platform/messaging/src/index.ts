export * from './consumer-host.js';
export * from './environment-identity.js';
export * from './event-bus.js';
export * from './event-consumer.js';
export * from './event-envelope.js';
export * from './in-memory-event-bus.js';
export * from './inbox-message.entity.js';
export * from './kafka-event-bus.js';
export * from './messaging.config.js';
export * from './messaging-entities.js';
export * from './messaging.module.js';
export * from './outbox-message.entity.js';
export * from './outbox-relay.js';
export * from './outbox-transaction.js';
// The outbox's statements stay inside the lib; its callers name only these shapes.
export type { PublishOptions, WriteStatement } from './outbox.repository.js';
export * from './transactional-outbox.js';
