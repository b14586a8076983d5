import { Injectable } from '@nestjs/common';
import { Blockchain } from '@shared/contracts';
import type { ChainAdapter } from '../core/chains/chain-adapter.js';
import { StellarBroadcaster } from './stellar-broadcaster.js';
import { StellarHotWallet } from './stellar-hot-wallet.js';
import { StellarTransactionReader } from './stellar-transaction.reader.js';

// Stellar's I/O for the generic features (verification, refunds). Its deposits share one
// address per chain and are matched by memo, so it has no per-transaction accounts: they are
// found by the payment streams of this folder instead of the deposit watcher (README).
@Injectable()
export class StellarAdapter implements ChainAdapter {
  readonly blockchain = Blockchain.STELLAR;
  readonly depositAccounts = null;

  constructor(
    readonly transactions: StellarTransactionReader,
    readonly broadcaster: StellarBroadcaster,
    readonly hotWallet: StellarHotWallet,
  ) {}
}
