import { FetchRequest, JsonRpcProvider } from 'ethers';
import type { ChainWatchersConfig } from '../chain-watchers.config.js';

export const CELO_CHAIN_ID = 42220;

// Every Celo RPC call gives up after CHAIN_RPC_TIMEOUT_MS (ethers waits five minutes by
// default): one node that never answers must not stall verification or the refund worker.
export function celoProvider(config: ChainWatchersConfig): JsonRpcProvider {
  const request = new FetchRequest(config.CELO_RPC_URL);
  request.timeout = config.CHAIN_RPC_TIMEOUT_MS;
  // No response cache (ethers keeps identical reads for 250 ms by default): a sweep or refund
  // reads the nonce and balance its own previous step just changed, and a cached answer made it
  // sign the same gas transfer twice.
  return new JsonRpcProvider(request, CELO_CHAIN_ID, { staticNetwork: true, cacheTimeout: -1 });
}
