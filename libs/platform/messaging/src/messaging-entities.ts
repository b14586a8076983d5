import { InboxMessageEntity } from './inbox-message.entity.js';
import { OutboxMessageEntity } from './outbox-message.entity.js';

// Every app that publishes or consumes lists these among its entities, so its migrations
// create the outbox and inbox tables in its own schema.
export const messagingEntities = [OutboxMessageEntity, InboxMessageEntity];
