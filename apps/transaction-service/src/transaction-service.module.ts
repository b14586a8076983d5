import { Module } from '@nestjs/common';
import { TransactionCoreModule } from './core/transaction-core.module.js';
import { DailyCapsModule } from './daily-caps/daily-caps.module.js';
import { DepositAddressesModule } from './deposit-addresses/deposit-addresses.module.js';
import { DepositsModule } from './deposits/deposits.module.js';
import { ExpiryModule } from './expiry/expiry.module.js';
import { FundingModule } from './funding/funding.module.js';
import { HeldDepositsModule } from './held-deposits/held-deposits.module.js';
import { IdempotencyModule } from './idempotency/idempotency.module.js';
import { KycGateModule } from './kyc-gate/kyc-gate.module.js';
import { LedgerModule } from './ledger/ledger.module.js';
import { PartnerKybModule } from './partner-kyb/partner-kyb.module.js';
import { PayoutsModule } from './payouts/payouts.module.js';
import { QrCodesModule } from './qr-codes/qr-codes.module.js';
import { RailLiquidityModule } from './rail-liquidity/rail-liquidity.module.js';
import { ReconciliationModule } from './reconciliation/reconciliation.module.js';
import { RecipientsModule } from './recipients/recipients.module.js';
import { RefundsModule } from './refunds/refunds.module.js';
import { TimelineModule } from './timeline/timeline.module.js';
import { TransactionReportsModule } from './transaction-reports/transaction-reports.module.js';
import { TransactionsModule } from './transactions/transactions.module.js';

// transaction-service: the core, then one module per feature. Adding a feature is its folder and
// one line here; its tables are found from its module. The feature modules that others call are
// global, so this list is the only wiring, and its order is the order of the routes in the API
// reference (lint keeps the direction of the imports between folders: feature-layers.mjs).
@Module({
  imports: [
    TransactionCoreModule,
    QrCodesModule,
    IdempotencyModule,
    RecipientsModule,
    TransactionsModule,
    TimelineModule,
    TransactionReportsModule,
    DepositsModule,
    HeldDepositsModule,
    DepositAddressesModule,
    KycGateModule,
    PartnerKybModule,
    DailyCapsModule,
    FundingModule,
    PayoutsModule,
    RailLiquidityModule,
    ReconciliationModule,
    RefundsModule,
    LedgerModule,
    ExpiryModule,
  ],
})
export class TransactionServiceModule {}
