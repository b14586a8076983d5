import { Module } from '@nestjs/common';
import { ChainAdapters } from '../core/chains/chain-adapters.js';
import { DepositsModule } from '../deposits/deposits.module.js';
import { RecordStellarPaymentUseCase } from './record-stellar-payment.use-case.js';
import { StellarAdapter } from './stellar.adapter.js';
import { StellarBroadcaster } from './stellar-broadcaster.js';
import { StellarHorizon } from './stellar-horizon.js';
import { StellarHotWallet } from './stellar-hot-wallet.js';
import { StellarPaymentStreams } from './stellar-payment-streams.js';
import { StellarTransactionReader } from './stellar-transaction.reader.js';

// Registers Stellar's adapter, and follows the shared deposit accounts' payment streams (they
// record into the deposit ledger).
@Module({
  imports: [DepositsModule],
  providers: [
    StellarHorizon,
    StellarBroadcaster,
    StellarTransactionReader,
    StellarHotWallet,
    StellarAdapter,
    RecordStellarPaymentUseCase,
    StellarPaymentStreams,
  ],
})
export class StellarModule {
  constructor(adapters: ChainAdapters, adapter: StellarAdapter) {
    adapters.register(adapter);
  }
}
