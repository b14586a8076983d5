import { Injectable } from '@nestjs/common';
import { Blockchain } from '@shared/contracts';
import type { ChainAdapter } from '../core/chains/chain-adapter.js';
import type { DepositAccountsAdapter } from '../core/chains/deposit-accounts.port.js';
import { CeloBroadcaster } from './celo-broadcaster.js';
import { CeloDepositScanner } from './celo-deposit.scanner.js';
import { CeloDepositKeys } from './celo-deposit-keys.js';
import { CeloHotWallet } from './celo-hot-wallet.js';
import { CeloSweepPlanner } from './celo-sweep.planner.js';
import { CeloTransactionReader } from './celo-transaction.reader.js';

// Celo's I/O for the generic features: one deposit address per transaction (the address an
// ERC-20 transfer pays), watched through Transfer logs and swept with its gas funded.
@Injectable()
export class CeloAdapter implements ChainAdapter {
  readonly blockchain = Blockchain.CELO;
  readonly depositAccounts: DepositAccountsAdapter;

  constructor(
    readonly transactions: CeloTransactionReader,
    readonly broadcaster: CeloBroadcaster,
    readonly hotWallet: CeloHotWallet,
    keys: CeloDepositKeys,
    scanner: CeloDepositScanner,
    sweeps: CeloSweepPlanner,
  ) {
    this.depositAccounts = {
      address: (transactionId) => keys.wallet(transactionId).address,
      scanner,
      sweeps,
    };
  }
}
