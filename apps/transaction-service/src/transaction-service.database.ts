import type { AppDatabase } from '@platform/database';
import { messagingEntities } from '@platform/messaging';
import { DepositAddressEntity } from './deposit-addresses/deposit-address.entity.js';
import { DepositEntity } from './funding/deposit.entity.js';
import { IdempotencyRecordEntity } from './idempotency/idempotency-record.entity.js';
import { KycPolicyAuditEntity } from './kyc-gate/kyc-policy-audit.entity.js';
import { KycPolicyEntity } from './kyc-gate/kyc-policy.entity.js';
import { PayoutEntity } from './payouts/payout.entity.js';
import { ReconcileAuditEntity } from './reconciliation/reconcile-audit.entity.js';
import { RefundEntity } from './refunds/refund.entity.js';
import { transactionServiceMigrations } from './migrations/migrations.js';
import { TransactionJournalEntryEntity } from './transactions/transaction-journal-entry.entity.js';
import { TransactionEntity } from './transactions/transaction.entity.js';

export const transactionServiceDatabase: AppDatabase = {
  schema: 'transaction',
  entities: [
    ...messagingEntities,
    TransactionEntity,
    TransactionJournalEntryEntity,
    DepositAddressEntity,
    IdempotencyRecordEntity,
    KycPolicyEntity,
    KycPolicyAuditEntity,
    DepositEntity,
    RefundEntity,
    PayoutEntity,
    ReconcileAuditEntity,
  ],
  migrations: transactionServiceMigrations,
};
