import { Injectable } from '@nestjs/common';
import { Connection } from '@solana/web3.js';
import { ChainWatchersConfig } from '../core/chain-watchers.config.js';

// The app's one Solana RPC client (verification, the watcher, refunds, sweeps), at the
// commitment at which a transfer counts (SOLANA_COMMITMENT).
@Injectable()
export class SolanaRpc {
  readonly connection: Connection;
  readonly commitment: 'confirmed' | 'finalized';

  constructor(config: ChainWatchersConfig) {
    this.commitment = config.SOLANA_COMMITMENT;
    // Every call gives up after CHAIN_RPC_TIMEOUT_MS: one node that never answers must not stall
    // verification or the refund worker behind it.
    this.connection = new Connection(config.SOLANA_RPC_URL, {
      commitment: config.SOLANA_COMMITMENT,
      fetch: (input, init) =>
        fetch(input, { ...init, signal: AbortSignal.timeout(config.CHAIN_RPC_TIMEOUT_MS) }).catch(
          (error: unknown) => {
            throw asLocalError(error);
          },
        ),
    });
  }
}

// web3.js's RPC client reports a failed fetch only when the rejection is `instanceof Error` of
// its own realm, and otherwise never settles the call. Errors from another realm (the runtime's
// fetch seen from a VM context, as under Jest) or non-Error rejections would hang a dropped
// connection's call forever, so they are rewrapped here.
function asLocalError(error: unknown): Error {
  if (error instanceof Error) return error;
  const message = (error as { message?: unknown } | null)?.message;
  return new Error(typeof message === 'string' ? message : String(error), { cause: error });
}
