import { Module } from '@nestjs/common';
import { CeloBroadcaster } from './celo/celo-broadcaster.js';
import { CeloDepositWatcher } from './celo/celo-deposit-watcher.js';
import { CeloTransferVerifier } from './celo/celo-transfer.verifier.js';
import { DepositAccountsRepository } from './deposit-accounts/deposit-accounts.repository.js';
import { DepositKeys } from './deposit-accounts/deposit-keys.js';
import { InternalDepositAccountsController } from './deposit-accounts/internal-deposit-accounts.controller.js';
import { OpenDepositAccountUseCase } from './deposit-accounts/open-deposit-account.use-case.js';
import { SolanaBroadcaster } from './solana/solana-broadcaster.js';
import { SolanaDepositWatcher } from './solana/solana-deposit-watcher.js';
import { SolanaTransferVerifier } from './solana/solana-transfer.verifier.js';
import { DepositLedgerRepository } from './deposits/deposit-ledger.repository.js';
import { AcceptRefundUseCase } from './refunds/accept-refund.use-case.js';
import { CeloRefundSender } from './refunds/celo-refund.sender.js';
import { RefundRequestedConsumer } from './refunds/refund-requested.consumer.js';
import { REFUND_SENDERS, RefundWorker } from './refunds/refund-worker.js';
import { RefundsRepository } from './refunds/refunds.repository.js';
import { SolanaRefundSender } from './refunds/solana-refund.sender.js';
import { StellarRefundSender } from './refunds/stellar-refund.sender.js';
import { RecordStellarPaymentUseCase } from './stellar/record-stellar-payment.use-case.js';
import { StellarHorizon } from './stellar/stellar-horizon.js';
import { StellarPaymentStreams } from './stellar/stellar-payment-streams.js';
import { StellarTransferVerifier } from './stellar/stellar-transfer.verifier.js';
import { CeloDepositSweeper } from './sweeps/celo-deposit.sweeper.js';
import { InternalSweepsController } from './sweeps/internal-sweeps.controller.js';
import { SolanaDepositSweeper } from './sweeps/solana-deposit.sweeper.js';
import { DEPOSIT_SWEEPERS, SweepWorker } from './sweeps/sweep-worker.js';
import { SweepsRepository } from './sweeps/sweeps.repository.js';
import { TreasuryKeys } from './sweeps/treasury-keys.js';
import { ChainRegistry } from './upstreams/chain-registry.js';
import { InternalVerifyController } from './verify/internal-verify.controller.js';
import { TRANSFER_VERIFIERS, VerifyTransferUseCase } from './verify/verify-transfer.use-case.js';

@Module({
  controllers: [InternalVerifyController, InternalDepositAccountsController, InternalSweepsController],
  providers: [
    ChainRegistry,
    SolanaBroadcaster,
    CeloBroadcaster,
    DepositKeys,
    DepositAccountsRepository,
    OpenDepositAccountUseCase,
    SolanaDepositWatcher,
    CeloDepositWatcher,
    StellarHorizon,
    DepositLedgerRepository,
    RecordStellarPaymentUseCase,
    StellarPaymentStreams,
    StellarTransferVerifier,
    SolanaTransferVerifier,
    CeloTransferVerifier,
    {
      provide: TRANSFER_VERIFIERS,
      inject: [StellarTransferVerifier, SolanaTransferVerifier, CeloTransferVerifier],
      useFactory: (...verifiers: unknown[]) => verifiers,
    },
    VerifyTransferUseCase,
    StellarRefundSender,
    SolanaRefundSender,
    CeloRefundSender,
    {
      provide: REFUND_SENDERS,
      inject: [StellarRefundSender, SolanaRefundSender, CeloRefundSender],
      useFactory: (...senders: unknown[]) => senders,
    },
    RefundsRepository,
    RefundWorker,
    AcceptRefundUseCase,
    RefundRequestedConsumer,
    TreasuryKeys,
    SweepsRepository,
    SolanaDepositSweeper,
    CeloDepositSweeper,
    {
      provide: DEPOSIT_SWEEPERS,
      inject: [SolanaDepositSweeper, CeloDepositSweeper],
      useFactory: (...sweepers: unknown[]) => sweepers,
    },
    SweepWorker,
  ],
})
export class ChainWatchersModule {}
