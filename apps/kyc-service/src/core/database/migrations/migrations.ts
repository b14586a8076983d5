import { Init1795308604165 } from './1795308604165-init.js';
import { KycSubmissions1795312164358 } from './1795312164358-kyc-submissions.js';
import { OutboxXid1795727887560 } from './1795727887560-outbox-xid.js';
import { OutboxTraceContext1796630000000 } from './1796630000000-outbox-trace-context.js';

// The schema as it stood when kyc-service was split into feature modules, in the order applied.
// A feature declares the migrations it adds since in its own module (@OwnsTables); `npm run
// migrate -- generate --app kyc-service --into <feature> --name <name>` writes one there.
export const kycSchemaHistory = [Init1795308604165, KycSubmissions1795312164358, OutboxXid1795727887560,
  OutboxTraceContext1796630000000,
];
