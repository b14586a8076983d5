import type { AppDatabase } from '@platform/database';
import { messagingEntities } from '@platform/messaging';
import { WebhookAttemptEntity } from './deliveries/webhook-attempt.entity.js';
import { WebhookDeliveryEntity } from './deliveries/webhook-delivery.entity.js';
import { WebhookEndpointEntity } from './endpoints/webhook-endpoint.entity.js';
import { OutgoingWebhookCallEntity } from './outgoing-webhooks/outgoing-webhook-call.entity.js';
import { webhookDispatcherMigrations } from './migrations/migrations.js';

export const webhookDispatcherDatabase: AppDatabase = {
  schema: 'webhook_dispatcher',
  entities: [
    WebhookEndpointEntity,
    WebhookDeliveryEntity,
    WebhookAttemptEntity,
    OutgoingWebhookCallEntity,
    ...messagingEntities,
  ],
  migrations: webhookDispatcherMigrations,
};
