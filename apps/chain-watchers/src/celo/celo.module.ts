import { Module } from '@nestjs/common';
import { ChainAdapters } from '../core/chains/chain-adapters.js';
import { CeloAdapter } from './celo.adapter.js';
import { CeloBroadcaster } from './celo-broadcaster.js';
import { CeloDepositScanner } from './celo-deposit.scanner.js';
import { CeloDepositKeys } from './celo-deposit-keys.js';
import { CeloHotWallet } from './celo-hot-wallet.js';
import { CeloRpc } from './celo-rpc.js';
import { CeloSweepPlanner } from './celo-sweep.planner.js';
import { CeloTransactionReader } from './celo-transaction.reader.js';

// Registers Celo's adapter; nothing else is exported (the features reach it through ChainAdapters).
@Module({
  providers: [
    CeloRpc,
    CeloBroadcaster,
    CeloTransactionReader,
    CeloHotWallet,
    CeloDepositKeys,
    CeloDepositScanner,
    CeloSweepPlanner,
    CeloAdapter,
  ],
})
export class CeloModule {
  constructor(adapters: ChainAdapters, adapter: CeloAdapter) {
    adapters.register(adapter);
  }
}
