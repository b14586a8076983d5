import { WebhookDeliveryTraceparent1796630000003 } from './1796630000003-webhook-delivery-traceparent.js';

// Applied in this order; `npm run migrate -- generate --into deliveries` appends here.
export const deliveriesMigrations = [WebhookDeliveryTraceparent1796630000003];
