import type { Blockchain } from './payout-enums.js';
import type { DepositDetectedV1 } from './payout-topics.js';

// transaction-service asks chain-watchers what a chain transaction did
// (`POST /internal/verify`, service identity). `transactionId` is echoed in the facts.
export interface VerifyTransferRequest {
  readonly blockchain: Blockchain;
  readonly onChainTx: string;
  readonly transactionId?: string;
}

// Why a transaction that exists cannot fund anything:
// - `failed`: it failed on chain (Solana error, EVM status 0, Stellar unsuccessful);
// - `no_deposit`: it moved no active USDC/USDT into one of our deposit addresses.
export type VerifyInvalidReason = 'failed' | 'no_deposit';

// `found`: one fact per transfer into a deposit address, shaped as the deposit event (the Celo
// Transfer logs of one token to one address are summed into one fact). `not_found`: unknown to
// the chain, or not yet at the configured commitment / confirmations (ask again later).
export type VerifyTransferResponse =
  | { readonly status: 'found'; readonly transfers: readonly DepositDetectedV1[] }
  | { readonly status: 'not_found' }
  | { readonly status: 'invalid'; readonly reason: VerifyInvalidReason };
