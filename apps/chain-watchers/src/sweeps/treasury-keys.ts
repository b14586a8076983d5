import { Injectable } from '@nestjs/common';
import type { Keypair } from '@solana/web3.js';
import { Wallet } from 'ethers';
import { ChainWatchersConfig } from '../chain-watchers.config.js';
import { solanaKeypair } from '../solana/solana-keypair.js';

// The treasury of each chain is its hot wallet (the refund keys): sweeps pay into it, and it
// pays their fees (Solana fee payer, Celo gas sent to the deposit address first). Null when that
// chain's key is not configured.
@Injectable()
export class TreasuryKeys {
  readonly solana: Keypair | null;
  readonly celo: Wallet | null;

  constructor(config: ChainWatchersConfig) {
    this.solana = config.SOLANA_REFUND_SECRET_KEY ? solanaKeypair(config.SOLANA_REFUND_SECRET_KEY) : null;
    this.celo = config.CELO_REFUND_PRIVATE_KEY ? new Wallet(config.CELO_REFUND_PRIVATE_KEY) : null;
  }
}
