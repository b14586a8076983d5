import { Injectable } from '@nestjs/common';
import { Keypair } from '@solana/web3.js';
import { Blockchain } from '@shared/contracts';
import { deriveDepositKey, DepositKeys } from '../core/chains/deposit-keys.js';

// A Solana transaction's own deposit key: the derived bytes as an ed25519 seed
// (Keypair.fromSeed); the address is the owner whose token account of the mint receives.
export function solanaDepositKeypair(master: string, transactionId: string): Keypair {
  return Keypair.fromSeed(deriveDepositKey(master, Blockchain.SOLANA, transactionId));
}

@Injectable()
export class SolanaDepositKeys {
  constructor(private readonly keys: DepositKeys) {}

  keypair(transactionId: string): Keypair {
    return Keypair.fromSeed(this.keys.derive(Blockchain.SOLANA, transactionId));
  }
}
