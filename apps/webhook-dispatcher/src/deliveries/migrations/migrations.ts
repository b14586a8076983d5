import { WebhookDeliveryTraceparent1796630000003 } from './1796630000003-webhook-delivery-traceparent.js';
import { WebhookAttemptDetail1796800000000 } from './1796800000000-webhook-attempt-detail.js';

// Applied in this order; `npm run migrate -- generate --into deliveries` appends here.
export const deliveriesMigrations = [WebhookDeliveryTraceparent1796630000003, WebhookAttemptDetail1796800000000];
