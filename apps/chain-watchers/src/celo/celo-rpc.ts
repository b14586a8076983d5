import { Injectable } from '@nestjs/common';
import { FetchRequest, JsonRpcProvider } from 'ethers';
import { ChainWatchersConfig } from '../core/chain-watchers.config.js';

export const CELO_CHAIN_ID = 42220;

// The app's one Celo JSON-RPC client (verification, the watcher, refunds, sweeps).
@Injectable()
export class CeloRpc {
  readonly provider: JsonRpcProvider;

  constructor(private readonly config: ChainWatchersConfig) {
    // Every call gives up after CHAIN_RPC_TIMEOUT_MS (ethers waits five minutes by default): one
    // node that never answers must not stall verification or the refund worker.
    const request = new FetchRequest(config.CELO_RPC_URL);
    request.timeout = config.CHAIN_RPC_TIMEOUT_MS;
    // No response cache (ethers keeps identical reads for 250 ms by default): a sweep or refund
    // reads the nonce and balance its own previous step just changed, and a cached answer made it
    // sign the same gas transfer twice.
    this.provider = new JsonRpcProvider(request, CELO_CHAIN_ID, { staticNetwork: true, cacheTimeout: -1 });
  }

  // The latest block with CELO_CONFIRMATIONS confirmations (its own included). The head is read
  // afresh: ethers caches the block number for its polling interval.
  async confirmedHeight(): Promise<number> {
    const head = Number(await this.provider.send('eth_blockNumber', []));
    return head - this.config.CELO_CONFIRMATIONS + 1;
  }

  async blockTime(blockNumber: number): Promise<string> {
    const block = await this.provider.getBlock(blockNumber);
    return new Date(Number(block?.timestamp ?? 0) * 1000).toISOString();
  }
}
