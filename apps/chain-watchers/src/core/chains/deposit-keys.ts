import { createHmac } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Blockchain } from '@shared/contracts';
import { ChainWatchersConfig } from '../chain-watchers.config.js';

// Each per-transaction deposit key is derived from the master secret and the transaction id: the
// first 32 bytes of HMAC-SHA512(master, "payout-deposit:v1:<chain>:<id>"), moving on to ":1",
// ":2"… in the vanishing case the chain's key type refuses the value (`accept`). Nothing per
// transaction is stored that could be lost: the secret and the id give the key back. What the
// bytes become (an ed25519 seed, a secp256k1 key) is the chain adapter's business.
export function deriveDepositKey(
  master: string,
  blockchain: Blockchain,
  transactionId: string,
  accept: (key: Buffer) => boolean = () => true,
): Buffer {
  for (let counter = 0; ; counter += 1) {
    const label = `payout-deposit:v1:${blockchain.toLowerCase()}:${transactionId.toLowerCase()}`;
    const key = createHmac('sha512', master)
      .update(counter === 0 ? label : `${label}:${counter}`)
      .digest()
      .subarray(0, 32);
    if (accept(key)) return key;
  }
}

// The configured master secret; `configured` is false without DEPOSIT_MASTER_SECRET (then no
// chain hands out per-transaction addresses, and none is watched or swept).
@Injectable()
export class DepositKeys {
  private readonly master: string | null;

  constructor(config: ChainWatchersConfig) {
    this.master = config.DEPOSIT_MASTER_SECRET ?? null;
  }

  get configured(): boolean {
    return this.master !== null;
  }

  derive(blockchain: Blockchain, transactionId: string, accept?: (key: Buffer) => boolean): Buffer {
    if (this.master === null) throw new Error('DEPOSIT_MASTER_SECRET is not configured');
    return deriveDepositKey(this.master, blockchain, transactionId, accept);
  }
}
