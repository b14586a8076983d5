import { Init1795308573798 } from './1795308573798-init.js';
import { WalletAuth1795312090382 } from './1795312090382-wallet-auth.js';
import { OutboxXid1795727825538 } from './1795727825538-outbox-xid.js';
import { PartnerAudit1795752460796 } from './1795752460796-PartnerAudit.js';
import { OutboxTraceContext1796630000000 } from './1796630000000-outbox-trace-context.js';

// The schema as it stood when api-gateway was split into feature modules, in the order applied.
// A feature declares the migrations it adds since in its own module (@OwnsTables); `npm run
// migrate -- generate --app api-gateway --into <feature> --name <name>` writes one there.
export const gatewaySchemaHistory = [
  Init1795308573798,
  WalletAuth1795312090382,
  OutboxXid1795727825538,
  PartnerAudit1795752460796,
  OutboxTraceContext1796630000000,
];
