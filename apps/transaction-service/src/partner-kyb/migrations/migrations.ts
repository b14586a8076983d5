import { PartnerKybAudit1796610000000 } from './1796610000000-partner-kyb-audit.js';

// Applied in this order; `npm run migrate -- generate --app transaction-service --into partner-kyb` appends here.
export const partnerKybMigrations = [PartnerKybAudit1796610000000];
