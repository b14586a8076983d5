import { createHmac } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Keypair } from '@solana/web3.js';
import { Wallet } from 'ethers';
import { Blockchain } from '@shared/contracts';
import { ChainWatchersConfig } from '../chain-watchers.config.js';

// secp256k1's group order: a private key must be in [1, n).
const SECP256K1_ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

// Each Solana and Celo transaction's own deposit key, derived from the master secret and the
// transaction id: the first 32 bytes of HMAC-SHA512(master, "payout-deposit:v1:<chain>:<id>")
// are an ed25519 seed (Solana, Keypair.fromSeed) or a secp256k1 private key (Celo; the
// vanishing chance of a value out of range moves on to ":1", ":2"…). Nothing per transaction is
// stored that could be lost: the secret and the id give the key back.
export function deriveDepositKey(master: string, blockchain: Blockchain, transactionId: string): Buffer {
  for (let counter = 0; ; counter += 1) {
    const label = `payout-deposit:v1:${blockchain.toLowerCase()}:${transactionId.toLowerCase()}`;
    const key = createHmac('sha512', master)
      .update(counter === 0 ? label : `${label}:${counter}`)
      .digest()
      .subarray(0, 32);
    if (blockchain !== Blockchain.CELO) return key;
    const value = BigInt(`0x${key.toString('hex')}`);
    if (value > 0n && value < SECP256K1_ORDER) return key;
  }
}

export function solanaDepositKeypair(master: string, transactionId: string): Keypair {
  return Keypair.fromSeed(deriveDepositKey(master, Blockchain.SOLANA, transactionId));
}

export function celoDepositWallet(master: string, transactionId: string): Wallet {
  return new Wallet(`0x${deriveDepositKey(master, Blockchain.CELO, transactionId).toString('hex')}`);
}

// The configured master secret's keys; `configured` is false without DEPOSIT_MASTER_SECRET.
@Injectable()
export class DepositKeys {
  private readonly master: string | null;

  constructor(config: ChainWatchersConfig) {
    this.master = config.DEPOSIT_MASTER_SECRET ?? null;
  }

  get configured(): boolean {
    return this.master !== null;
  }

  // Solana: the owner's base58 public key; Celo: the checksummed address.
  address(blockchain: Blockchain, transactionId: string): string {
    switch (blockchain) {
      case Blockchain.SOLANA:
        return this.solana(transactionId).publicKey.toBase58();
      case Blockchain.CELO:
        return this.celo(transactionId).address;
      case Blockchain.STELLAR:
        throw new Error('Stellar deposits share one address per chain (matched by memo)');
    }
  }

  solana(transactionId: string): Keypair {
    return solanaDepositKeypair(this.secret(), transactionId);
  }

  celo(transactionId: string): Wallet {
    return celoDepositWallet(this.secret(), transactionId);
  }

  private secret(): string {
    if (this.master === null) throw new Error('DEPOSIT_MASTER_SECRET is not configured');
    return this.master;
  }
}
