import { Init1795308620489 } from './1795308620489-init.js';
import { EndpointsDeliveriesAttempts1795466319288 } from './1795466319288-endpoints-deliveries-attempts.js';
import { OutboxXid1795727901151 } from './1795727901151-outbox-xid.js';
import { OutboxTraceContext1796630000000 } from './1796630000000-outbox-trace-context.js';

// The schema as it stood when webhook-dispatcher was split into feature modules, then the core's
// own changes since (its outbox), in the order applied. A feature declares the migrations it adds
// since in its own module (@OwnsTables): outgoing-webhooks' table sits between these by timestamp.
// `npm run migrate -- generate --app webhook-dispatcher --into <feature> --name <name>` writes one there.
export const webhookSchemaHistory = [
  Init1795308620489,
  EndpointsDeliveriesAttempts1795466319288,
  OutboxXid1795727901151,
  OutboxTraceContext1796630000000,
];
