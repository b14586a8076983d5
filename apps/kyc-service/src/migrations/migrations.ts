import { Init1795308604165 } from './1795308604165-init.js';
import { KycSubmissions1795312164358 } from './1795312164358-kyc-submissions.js';
import { OutboxXid1795727887560 } from './1795727887560-outbox-xid.js';

// Applied in this order; `npm run migrate -- generate --app kyc-service --name <name>` appends here.
export const kycServiceMigrations = [Init1795308604165, KycSubmissions1795312164358, OutboxXid1795727887560];
