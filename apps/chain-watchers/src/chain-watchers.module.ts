import { Module } from '@nestjs/common';
import { APP_PIPE } from '@nestjs/core';
import { strictValidationPipe } from '@platform/http';
import { CeloTransferVerifier } from './celo/celo-transfer.verifier.js';
import { SolanaTransferVerifier } from './solana/solana-transfer.verifier.js';
import { DepositLedger } from './deposits/deposit-ledger.js';
import { RecordStellarPaymentUseCase } from './stellar/record-stellar-payment.use-case.js';
import { StellarHorizon } from './stellar/stellar-horizon.js';
import { StellarPaymentStreams } from './stellar/stellar-payment-streams.js';
import { StellarTransferVerifier } from './stellar/stellar-transfer.verifier.js';
import { ChainRegistry } from './upstreams/chain-registry.js';
import { InternalVerifyController } from './verify/internal-verify.controller.js';
import { TRANSFER_VERIFIERS, VerifyTransferUseCase } from './verify/verify-transfer.use-case.js';

@Module({
  controllers: [InternalVerifyController],
  providers: [
    { provide: APP_PIPE, useFactory: strictValidationPipe },
    ChainRegistry,
    StellarHorizon,
    DepositLedger,
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
  ],
})
export class ChainWatchersModule {}
