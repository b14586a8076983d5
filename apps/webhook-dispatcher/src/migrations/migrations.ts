import { Init1795308620489 } from './1795308620489-init.js';
import { EndpointsDeliveriesAttempts1795466319288 } from './1795466319288-endpoints-deliveries-attempts.js';
import { outgoingWebhooksMigrations } from '../outgoing-webhooks/migrations/migrations.js';
import { OutboxXid1795727901151 } from './1795727901151-outbox-xid.js';

// Applied in this order; `npm run migrate -- generate --app webhook-dispatcher --name <name>` appends here.
export const webhookDispatcherMigrations = [Init1795308620489, EndpointsDeliveriesAttempts1795466319288, ...outgoingWebhooksMigrations, OutboxXid1795727901151];
