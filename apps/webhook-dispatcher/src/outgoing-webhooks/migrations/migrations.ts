import { OutgoingWebhookCalls1795714728832 } from './1795714728832-outgoing-webhook-calls.js';

// Applied in this order; `npm run migrate -- generate --into outgoing-webhooks` appends here.
export const outgoingWebhooksMigrations = [OutgoingWebhookCalls1795714728832];
