import { Global, Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { AcceptTransactionUseCase } from './accept-transaction.use-case.js';
import { OpsTransactionsController } from './ops-transactions.controller.js';
import { PaymentContextBuilder } from './payment-context.js';
import { RecipientVault } from './recipient-vault.js';
import { TransactionJournalEntryEntity } from './transaction-journal-entry.entity.js';
import { TransactionJournal } from './transaction-journal.js';
import { TransactionStatsView } from './transaction-stats.view.js';
import { TransactionViews } from './transaction-views.js';
import { TransactionEntity } from './transaction.entity.js';
import { InternalTransactionTracesController } from './internal-transaction-traces.controller.js';
import { TransactionsController } from './transactions.controller.js';
import { TransactionsRepository } from './transactions.repository.js';
import { TransitionTransactionUseCase } from './transition-transaction.use-case.js';
import { transactionsMigrations } from './migrations/migrations.js';

// Accepted quotes and where they stand: acceptance, the transitions table every status change
// goes through (journaled, announced through the outbox), and the partners' reads.
@Global()
@OwnsTables({
  entities: [TransactionEntity, TransactionJournalEntryEntity],
  migrations: transactionsMigrations,
})
@Module({
  controllers: [TransactionsController, OpsTransactionsController, InternalTransactionTracesController],
  providers: [
    TransactionsRepository,
    TransactionJournal,
    TransitionTransactionUseCase,
    AcceptTransactionUseCase,
    PaymentContextBuilder,
    RecipientVault,
    TransactionViews,
    TransactionStatsView,
  ],
  exports: [TransactionsRepository, TransactionJournal, TransitionTransactionUseCase, RecipientVault],
})
export class TransactionsModule {}
