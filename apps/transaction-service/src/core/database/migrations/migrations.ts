import { Init1795308588995 } from './1795308588995-init.js';
import { Transactions1795466148952 } from './1795466148952-transactions.js';
import { SealRecipientData1795467959863 } from './1795467959863-seal-recipient-data.js';
import { ReplayAnswersVerbatim1795468627185 } from './1795468627185-replay-answers-verbatim.js';
import { DepositsRefunds1795468968133 } from './1795468968133-deposits-refunds.js';
import { ClaimIdempotencyKeys1795469172661 } from './1795469172661-claim-idempotency-keys.js';
import { Payouts1795469935839 } from './1795469935839-payouts.js';
import { ReconcileAudit1795470467769 } from './1795470467769-reconcile-audit.js';
import { IdempotencyRecordCreatedAt1795480063959 } from './1795480063959-idempotency-record-created-at.js';
import { UnmatchedDepositsIndex1795488160958 } from './1795488160958-unmatched-deposits-index.js';
import { OutboxXid1795727855349 } from './1795727855349-outbox-xid.js';
import { KycPolicyAudit1795752475187 } from './1795752475187-KycPolicyAudit.js';
import { HeldDeposits1796549985419 } from './1796549985419-held-deposits.js';
import { PartnerKyb1796600000001 } from './1796600000001-partner-kyb.js';
import { OutboxTraceContext1796630000000 } from './1796630000000-outbox-trace-context.js';

// Applied in this order; `npm run migrate -- generate --app transaction-service --name <name>` appends here.
export const transactionServiceMigrations = [
  Init1795308588995,
  Transactions1795466148952,
  SealRecipientData1795467959863,
  ReplayAnswersVerbatim1795468627185,
  DepositsRefunds1795468968133,
  ClaimIdempotencyKeys1795469172661,
  Payouts1795469935839,
  ReconcileAudit1795470467769,
  IdempotencyRecordCreatedAt1795480063959,
  UnmatchedDepositsIndex1795488160958,
  OutboxXid1795727855349,
  KycPolicyAudit1795752475187,
  HeldDeposits1796549985419,
  PartnerKyb1796600000001,
  OutboxTraceContext1796630000000,
];
