import type {
  ActiveAssetView,
  Blockchain,
  DepositDetectedV1,
  VerifyTransferResponse,
} from '@shared/contracts';
import type { ChainView } from '../upstreams/chain-registry.js';
import type { DepositAccountsAdapter } from './deposit-accounts.port.js';
import type { ChainVerdict, SignedChainTransaction } from './signed-chain-transaction.js';

// One chain's I/O, as the generic features use it: the deposit watcher, the refund sender, the
// sweeper and verification hold no per-chain code and ask the chain's adapter (ChainAdapters,
// filled by each adapter folder's module), or @payout/rails for what is not I/O (formats,
// address equality). A new chain is its rails record and one adapter folder.
export interface ChainAdapter {
  readonly blockchain: Blockchain;
  readonly transactions: TransactionReader;
  readonly broadcaster: ChainBroadcaster;
  readonly hotWallet: HotWallet;
  // Null on a chain bound by memo (one shared address per chain, Stellar).
  readonly depositAccounts: DepositAccountsAdapter | null;
}

// A transfer into one of our addresses, with why its memo cannot name a transaction (chains
// bound by memo; null elsewhere).
export interface DetectedDeposit {
  readonly fact: DepositDetectedV1;
  readonly memoProblem: string | null;
}

// What a chain says about one transaction, read once; which of its recipients are ours is
// decided by the caller (`deposits`, given the deposit addresses and accounts it knows).
export type TransactionReading =
  | Exclude<VerifyTransferResponse, { status: 'found' }>
  | {
      readonly status: 'landed';
      // The addresses it paid that may be per-transaction deposit accounts.
      readonly recipients: readonly string[];
      readonly deposits: (ours: ChainView, transactionId: string | null) => DetectedDeposit[];
    };

export interface TransactionReader {
  read(onChainTx: string): Promise<TransactionReading>;
}

// Sends signed transactions (refunds, sweeps) and follows them: broadcast once, look up by hash,
// and tell whether one not seen yet can still land.
export interface ChainBroadcaster {
  broadcast(signed: SignedChainTransaction): Promise<ChainVerdict>;
  lookup(signed: SignedChainTransaction): Promise<ChainVerdict>;
  canStillLand(signed: SignedChainTransaction): Promise<boolean>;
  // What a landed transaction cost its fee payer, in the chain's native coin (decimal string).
  feeOf(signed: SignedChainTransaction): Promise<string>;
}

export interface SignedRefund {
  readonly payload: string;
  readonly hash: string;
  readonly validUntil?: Date;
  readonly lastValidBlockHeight?: number;
  readonly nonce?: number;
}

// The chain's hot wallet, which sends refunds and is the treasury sweeps pay into.
export interface HotWallet {
  // Null when this chain's hot-wallet key is not configured.
  readonly address: string | null;
  // Why the wallet cannot sign (the variable that is not set), or null.
  readonly missingKey: string | null;
  // Builds and signs (no broadcast); throws RefundRefusedError when the transfer can never be
  // made (bad destination, amount).
  signTransfer(
    transfer: { readonly destination: string; readonly amount: string },
    asset: ActiveAssetView,
  ): Promise<SignedRefund>;
}
