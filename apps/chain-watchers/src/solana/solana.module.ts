import { Module } from '@nestjs/common';
import { ChainAdapters } from '../core/chains/chain-adapters.js';
import { SolanaAdapter } from './solana.adapter.js';
import { SolanaBroadcaster } from './solana-broadcaster.js';
import { SolanaDepositScanner } from './solana-deposit.scanner.js';
import { SolanaDepositKeys } from './solana-deposit-keys.js';
import { SolanaHotWallet } from './solana-hot-wallet.js';
import { SolanaRpc } from './solana-rpc.js';
import { SolanaSweepPlanner } from './solana-sweep.planner.js';
import { SolanaTransactionReader } from './solana-transaction.reader.js';

// Registers Solana's adapter; nothing else is exported (the features reach it through
// ChainAdapters).
@Module({
  providers: [
    SolanaRpc,
    SolanaBroadcaster,
    SolanaTransactionReader,
    SolanaHotWallet,
    SolanaDepositKeys,
    SolanaDepositScanner,
    SolanaSweepPlanner,
    SolanaAdapter,
  ],
})
export class SolanaModule {
  constructor(adapters: ChainAdapters, adapter: SolanaAdapter) {
    adapters.register(adapter);
  }
}
