import { Module } from '@nestjs/common';
import { DepositAddressesRepository } from './deposit-addresses/deposit-addresses.repository.js';
import { InitialDepositAddresses } from './deposit-addresses/initial-deposit-addresses.js';
import { InternalDepositAddressesController } from './deposit-addresses/internal-deposit-addresses.controller.js';
import { OpsDepositAddressesController } from './deposit-addresses/ops-deposit-addresses.controller.js';
import { ExpireTransactionsUseCase } from './expiry/expire-transactions.use-case.js';
import { ExpirySweeper } from './expiry/expiry-sweeper.js';
import { ApplyDepositUseCase } from './funding/apply-deposit.use-case.js';
import { DepositDetectedConsumer } from './funding/deposit-detected.consumer.js';
import { DepositMetrics } from './funding/deposit-metrics.js';
import { DepositsRepository } from './funding/deposits.repository.js';
import { NotifyPaymentUseCase } from './funding/notify-payment.use-case.js';
import { PaymentsNotifyController } from './funding/payments-notify.controller.js';
import { OpsDepositsController } from './funding/ops-deposits.controller.js';
import { UnmatchedDepositsQuery } from './funding/unmatched-deposits.query.js';
import { IdempotencyRecordsRepository } from './idempotency/idempotency-records.repository.js';
import { IdempotentRequests } from './idempotency/idempotent-requests.js';
import { KycGate } from './kyc-gate/kyc-gate.js';
import { KycPoliciesRepository } from './kyc-gate/kyc-policies.repository.js';
import { OpsKycPoliciesController } from './kyc-gate/ops-kyc-policies.controller.js';
import { PayoutScheduler } from './payouts/payout-scheduler.js';
import { PayoutWorker } from './payouts/payout-worker.js';
import { PayoutsRepository } from './payouts/payouts.repository.js';
import { ProcessPayoutUseCase } from './payouts/process-payout.use-case.js';
import { RailAdapters } from './payouts/rail-adapters.js';
import { RailCallbacks } from './payouts/rail-callbacks.js';
import { RailCallbacksController } from './payouts/rail-callbacks.controller.js';
import { RecordPayoutOutcomeUseCase } from './payouts/record-payout-outcome.use-case.js';
import { DecodeBrCodeUseCase } from './qr-codes/decode-br-code.use-case.js';
import { QrDecoderController } from './qr-codes/qr-decoder.controller.js';
import { OpsReconcileController } from './reconciliation/ops-reconcile.controller.js';
import { ReconcileAuditsRepository } from './reconciliation/reconcile-audits.repository.js';
import { ReconcileHashUseCase } from './reconciliation/reconcile-hash.use-case.js';
import { ReconcileRefusalAuditInterceptor } from './reconciliation/reconcile-refusal-audit.interceptor.js';
import { OpsRefundsController } from './refunds/ops-refunds.controller.js';
import { RefundsNeedingAttentionQuery } from './refunds/refunds-needing-attention.query.js';
import { RecordRefundOutcomeUseCase } from './refunds/record-refund-outcome.use-case.js';
import { RefundAnnouncement } from './refunds/refund-announcement.js';
import { RefundMetrics } from './refunds/refund-metrics.js';
import { RefundRequests } from './refunds/refund-requests.js';
import { RefundSettledConsumer } from './refunds/refund-settled.consumer.js';
import { RefundsRepository } from './refunds/refunds.repository.js';
import { AcceptTransactionUseCase } from './transactions/accept-transaction.use-case.js';
import { OpsTransactionsController } from './transactions/ops-transactions.controller.js';
import { PaymentContextBuilder } from './transactions/payment-context.js';
import { RecipientCheck } from './transactions/recipient-check.js';
import { RecipientVault } from './transactions/recipient-vault.js';
import { TransactionJournal } from './transactions/transaction-journal.js';
import { TransactionStatsView } from './transactions/transaction-stats.view.js';
import { TransactionTimelineQuery } from './transactions/transaction-timeline.query.js';
import { TransactionTimelineView } from './transactions/transaction-timeline.view.js';
import { TransactionViews } from './transactions/transaction-views.js';
import { TransactionsController } from './transactions/transactions.controller.js';
import { TransactionsRepository } from './transactions/transactions.repository.js';
import { TransitionTransactionUseCase } from './transactions/transition-transaction.use-case.js';
import { ChainWatchersClient } from './upstreams/chain-watchers.client.js';
import { UpstreamClients } from './upstreams/upstream-clients.js';

@Module({
  controllers: [
    QrDecoderController,
    TransactionsController,
    OpsTransactionsController,
    OpsDepositsController,
    OpsDepositAddressesController,
    InternalDepositAddressesController,
    OpsKycPoliciesController,
    PaymentsNotifyController,
    RailCallbacksController,
    OpsReconcileController,
    OpsRefundsController,
  ],
  providers: [
    DecodeBrCodeUseCase,
    UnmatchedDepositsQuery,
    UpstreamClients,
    DepositAddressesRepository,
    InitialDepositAddresses,
    KycPoliciesRepository,
    KycGate,
    IdempotencyRecordsRepository,
    IdempotentRequests,
    TransactionsRepository,
    TransactionJournal,
    PaymentContextBuilder,
    RecipientCheck,
    RecipientVault,
    TransactionViews,
    TransactionTimelineQuery,
    TransactionTimelineView,
    TransactionStatsView,
    AcceptTransactionUseCase,
    TransitionTransactionUseCase,
    ChainWatchersClient,
    DepositsRepository,
    DepositMetrics,
    RefundsRepository,
    RefundsNeedingAttentionQuery,
    RefundAnnouncement,
    RefundMetrics,
    RefundRequests,
    ApplyDepositUseCase,
    NotifyPaymentUseCase,
    DepositDetectedConsumer,
    RecordRefundOutcomeUseCase,
    RefundSettledConsumer,
    PayoutsRepository,
    RailAdapters,
    RecordPayoutOutcomeUseCase,
    ProcessPayoutUseCase,
    PayoutWorker,
    PayoutScheduler,
    RailCallbacks,
    ExpireTransactionsUseCase,
    ExpirySweeper,
    ReconcileAuditsRepository,
    ReconcileHashUseCase,
    ReconcileRefusalAuditInterceptor,
  ],
})
export class TransactionServiceModule {}
