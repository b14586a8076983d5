import { Init1795308573798 } from './1795308573798-init.js';
import { WalletAuth1795312090382 } from './1795312090382-wallet-auth.js';
import { OutboxXid1795727825538 } from './1795727825538-outbox-xid.js';
import { PartnerAudit1795752460796 } from './1795752460796-PartnerAudit.js';

// Applied in this order; `npm run migrate -- generate --app api-gateway --name <name>` appends here.
export const apiGatewayMigrations = [Init1795308573798, WalletAuth1795312090382, OutboxXid1795727825538, PartnerAudit1795752460796];
