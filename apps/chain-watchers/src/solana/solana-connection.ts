import { Connection } from '@solana/web3.js';
import type { ChainWatchersConfig } from '../chain-watchers.config.js';

// Every Solana RPC call gives up after CHAIN_RPC_TIMEOUT_MS: one node that never answers must
// not stall verification or the refund worker behind it.
export function solanaConnection(config: ChainWatchersConfig): Connection {
  return new Connection(config.SOLANA_RPC_URL, {
    commitment: config.SOLANA_COMMITMENT,
    fetch: (input, init) =>
      fetch(input, { ...init, signal: AbortSignal.timeout(config.CHAIN_RPC_TIMEOUT_MS) }),
  });
}
