import { Injectable } from '@nestjs/common';
import { Blockchain } from '@shared/contracts';
import type { ChainAdapter } from '../core/chains/chain-adapter.js';
import type { DepositAccountsAdapter } from '../core/chains/deposit-accounts.port.js';
import { SolanaBroadcaster } from './solana-broadcaster.js';
import { SolanaDepositScanner } from './solana-deposit.scanner.js';
import { SolanaDepositKeys } from './solana-deposit-keys.js';
import { SolanaHotWallet } from './solana-hot-wallet.js';
import { SolanaSweepPlanner } from './solana-sweep.planner.js';
import { SolanaTransactionReader } from './solana-transaction.reader.js';

// Solana's I/O for the generic features: one deposit owner per transaction (whose token account
// of the mint receives), watched through its token accounts' signatures and swept in batches.
@Injectable()
export class SolanaAdapter implements ChainAdapter {
  readonly blockchain = Blockchain.SOLANA;
  readonly depositAccounts: DepositAccountsAdapter;

  constructor(
    readonly transactions: SolanaTransactionReader,
    readonly broadcaster: SolanaBroadcaster,
    readonly hotWallet: SolanaHotWallet,
    keys: SolanaDepositKeys,
    scanner: SolanaDepositScanner,
    sweeps: SolanaSweepPlanner,
  ) {
    this.depositAccounts = {
      address: (transactionId) => keys.keypair(transactionId).publicKey.toBase58(),
      scanner,
      sweeps,
    };
  }
}
